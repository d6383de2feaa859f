package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.body.RegisterBrokerBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.body.TopicFilterType;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads the compressed form of a REGISTER_BROKER body, sent when the broker's {@code
 * compressedRegister} is on (header {@code compressed=true}). The body is one zlib stream of:
 *
 * <pre>
 *   int32 n, n bytes   DataVersion JSON
 *   int32 topics
 *   topics x (int32 n, n bytes)   "name read write perm FILTER_TYPE[ attributesJSON]" (UTF-8)
 *   int32 n, n bytes   filter server list, JSON array
 *   int32 mappings
 *   mappings x (int32 n, n bytes) static-topic mapping (TopicQueueMappingInfo) JSON
 * </pre>
 *
 * Integers are big-endian. The text form of a topic carries no system flag and no order flag, so
 * they read as 0 and false, as they do for the reference. The inflated size is capped so a small
 * body cannot expand without bound.
 */
final class CompressedRegisterBody {
    private static final int TOPIC_FIELDS = 5;

    private CompressedRegisterBody() {}

    static RegisterBrokerBody decode(ByteBuf body, int maxInflated) {
        ByteBuffer in = ByteBuffer.wrap(inflate(body, maxInflated));
        try {
            DataVersion version = BodyCodec.decode(chunk(in), DataVersion.class);
            int count = count(in);
            Map<String, TopicConfig> topics = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                TopicConfig topic = topic(new String(chunk(in), StandardCharsets.UTF_8));
                topics.put(topic.topicName(), topic);
            }
            RegisterBrokerBody filters =
                    BodyCodec.decode(wrap("filterServerList", chunk(in)), RegisterBrokerBody.class);
            Map<String, Object> mappings = mappings(in);
            return new RegisterBrokerBody(
                    new TopicConfigSerializeWrapper(
                            topics, version, null, mappings.isEmpty() ? null : mappings, null),
                    filters.filterServerList());
        } catch (java.nio.BufferUnderflowException e) {
            throw new ProtocolDecodeException("compressed register body truncated", e);
        }
    }

    /** The static-topic mappings (#38), keyed by topic; absent in bodies of brokers before 5.0. */
    private static Map<String, Object> mappings(ByteBuffer in) {
        Map<String, Object> mappings = new LinkedHashMap<>();
        if (!in.hasRemaining()) {
            return mappings;
        }
        int count = count(in);
        for (int i = 0; i < count; i++) {
            Map<?, ?> info = BodyCodec.decode(chunk(in), Map.class);
            Object topic = info.get("topic");
            if (topic instanceof String name) {
                mappings.put(name, info);
            }
        }
        return mappings;
    }

    private static byte[] inflate(ByteBuf body, int maxInflated) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(body.nioBuffer());
            byte[] out = new byte[Math.min(maxInflated, Math.max(256, body.readableBytes() * 4))];
            int length = 0;
            while (!inflater.finished()) {
                if (length == out.length) {
                    if (length == maxInflated) {
                        throw new ProtocolDecodeException(
                                "compressed register body inflates beyond " + maxInflated);
                    }
                    out = Arrays.copyOf(out, (int) Math.min(maxInflated, 2L * length));
                }
                int n = inflater.inflate(out, length, out.length - length);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new ProtocolDecodeException("compressed register body truncated");
                }
                length += n;
            }
            return Arrays.copyOf(out, length);
        } catch (DataFormatException e) {
            throw new ProtocolDecodeException("compressed register body malformed", e);
        } finally {
            inflater.end();
        }
    }

    private static int count(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
            throw new ProtocolDecodeException("bad count " + n + " in compressed register body");
        }
        return n;
    }

    private static byte[] chunk(ByteBuffer in) {
        byte[] bytes = new byte[count(in)];
        in.get(bytes);
        return bytes;
    }

    private static byte[] wrap(String field, byte[] json) {
        byte[] head = ("{\"" + field + "\":").getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(head, head.length + json.length + 1);
        System.arraycopy(json, 0, out, head.length, json.length);
        out[out.length - 1] = '}';
        return out;
    }

    /** Parses {@code "name read write perm FILTER_TYPE[ attributesJSON]"}. */
    static TopicConfig topic(String text) {
        String[] fields = new String[TOPIC_FIELDS];
        int start = 0;
        for (int i = 0; i < TOPIC_FIELDS; i++) {
            int end = text.indexOf(' ', start);
            if (end < 0) {
                if (i < TOPIC_FIELDS - 1) {
                    throw new ProtocolDecodeException("malformed topic config: " + text);
                }
                end = text.length();
            }
            fields[i] = text.substring(start, end);
            start = Math.min(text.length(), end + 1);
        }
        TopicConfig.Builder topic =
                TopicConfig.builder(fields[0])
                        .readQueueNums(number(fields[1], text))
                        .writeQueueNums(number(fields[2], text))
                        .perm(number(fields[3], text))
                        .topicFilterType(filterType(fields[4]));
        String attributes = text.substring(start);
        if (!attributes.isEmpty()) {
            byte[] json = attributes.getBytes(StandardCharsets.UTF_8);
            topic.attributes(BodyCodec.decode(wrap("table", json), KVTable.class).table());
        }
        return topic.build();
    }

    private static TopicFilterType filterType(String name) {
        for (TopicFilterType type : TopicFilterType.values()) {
            if (type.name().equals(name)) {
                return type;
            }
        }
        return null;
    }

    private static int number(String field, String text) {
        try {
            return Integer.parseInt(field);
        } catch (NumberFormatException e) {
            throw new ProtocolDecodeException("malformed topic config: " + text, e);
        }
    }
}
