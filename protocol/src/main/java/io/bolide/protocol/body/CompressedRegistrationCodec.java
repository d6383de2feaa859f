package io.bolide.protocol.body;

import io.bolide.protocol.frame.ProtocolDecodeException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;

/**
 * The compressed {@code REGISTER_BROKER} body ({@code compressed=true}, broker option {@code
 * compressedRegister}): a zlib stream of length-prefixed parts.
 *
 * <pre>
 *   int32 length | DataVersion JSON
 *   int32 topic count
 *   per topic:  int32 length | "name readQueueNums writeQueueNums perm FILTER_TYPE {attributes}"
 *   int32 length | filter server list, JSON array
 *   [brokers &gt;= 5.0.0] int32 count, per entry: int32 length | TopicQueueMappingInfo JSON
 * </pre>
 *
 * All integers big-endian. The topic text form drops {@code order} and {@code topicSysFlag} (they
 * read back as false/0), and the mapping data version is not carried.
 */
public final class CompressedRegistrationCodec {
    private CompressedRegistrationCodec() {}

    /**
     * Decodes {@code body[offset, offset + length)}, inflating at most {@code maxInflatedBytes};
     * {@code withMappingInfo} when the registering broker is 5.0.0 or newer.
     */
    public static RegisterBrokerBody decode(
            byte[] body, int offset, int length, boolean withMappingInfo, int maxInflatedBytes) {
        Reader in = new Reader(inflate(body, offset, length, maxInflatedBytes));
        DataVersion dataVersion = BodyCodec.decode(in.part(), DataVersion.class);
        int topics = in.count();
        Map<String, TopicConfig> table = new LinkedHashMap<>();
        for (int i = 0; i < topics; i++) {
            TopicConfig topic = parseTopic(new String(in.part(), StandardCharsets.UTF_8));
            table.put(topic.topicName(), topic);
        }
        List<String> filterServers = Arrays.asList(BodyCodec.decode(in.part(), String[].class));
        Map<String, Object> mappingInfo = withMappingInfo ? mappingInfo(in) : null;
        return new RegisterBrokerBody(
                new TopicConfigSerializeWrapper(table, dataVersion, null, mappingInfo, null),
                filterServers);
    }

    /** The compressed form of {@code body}, with the mapping section that 5.x brokers write. */
    public static byte[] encode(RegisterBrokerBody body) {
        TopicConfigSerializeWrapper wrapper = body.topicConfigSerializeWrapper();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try (DataOutputStream out =
                new DataOutputStream(new DeflaterOutputStream(bytes, deflater))) {
            writePart(out, BodyCodec.encode(wrapper.dataVersion()));
            out.writeInt(wrapper.topicConfigTable().size());
            for (TopicConfig topic : wrapper.topicConfigTable().values()) {
                writePart(out, formatTopic(topic).getBytes(StandardCharsets.UTF_8));
            }
            writePart(out, BodyCodec.encode(body.filterServerList()));
            Map<String, Object> mapping = wrapper.topicQueueMappingInfoMap();
            out.writeInt(mapping == null ? 0 : mapping.size());
            if (mapping != null) {
                for (Object info : mapping.values()) {
                    writePart(out, BodyCodec.encode(info));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("in-memory deflate failed", e);
        } finally {
            deflater.end();
        }
        return bytes.toByteArray();
    }

    private static void writePart(DataOutputStream out, byte[] part) throws IOException {
        out.writeInt(part.length);
        out.write(part);
    }

    static String formatTopic(TopicConfig topic) {
        return topic.topicName()
                + ' '
                + topic.readQueueNums()
                + ' '
                + topic.writeQueueNums()
                + ' '
                + topic.perm()
                + ' '
                + topic.topicFilterType()
                + ' '
                + new String(BodyCodec.encode(topic.attributes()), StandardCharsets.UTF_8);
    }

    /** The text form; attributes are the rest of the line, so JSON with spaces survives. */
    static TopicConfig parseTopic(String text) {
        String[] parts = text.split(" ", 6);
        if (parts.length < 5) {
            throw new ProtocolDecodeException("topic config needs 5 fields: " + text);
        }
        try {
            TopicConfig.Builder topic =
                    TopicConfig.builder(parts[0])
                            .readQueueNums(Integer.parseInt(parts[1]))
                            .writeQueueNums(Integer.parseInt(parts[2]))
                            .perm(Integer.parseInt(parts[3]))
                            .topicFilterType(TopicFilterType.valueOf(parts[4]));
            if (parts.length == 6) {
                topic.attributes(attributes(parts[5]));
            }
            return topic.build();
        } catch (IllegalArgumentException e) {
            throw new ProtocolDecodeException("malformed topic config: " + text, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> attributes(String json) {
        Map<String, Object> raw =
                BodyCodec.decode(json.getBytes(StandardCharsets.UTF_8), Map.class);
        Map<String, String> attributes = new LinkedHashMap<>();
        raw.forEach((k, v) -> attributes.put(k, v == null ? null : String.valueOf(v)));
        return attributes;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mappingInfo(Reader in) {
        int entries = in.count();
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < entries; i++) {
            Map<String, Object> info = BodyCodec.decode(in.part(), Map.class);
            map.put(String.valueOf(info.get("topic")), info);
        }
        return map;
    }

    /** Inflates into an array grown as needed, so the allocation follows the real data size. */
    private static byte[] inflate(byte[] body, int offset, int length, int maxInflatedBytes) {
        Inflater inflater = new Inflater();
        inflater.setInput(body, offset, length);
        byte[] out = new byte[Math.min(maxInflatedBytes, Math.max(256, length * 4))];
        int size = 0;
        try {
            while (!inflater.finished()) {
                if (size == out.length) {
                    if (size >= maxInflatedBytes) {
                        throw new ProtocolDecodeException(
                                "registration inflates beyond " + maxInflatedBytes + " bytes");
                    }
                    out = Arrays.copyOf(out, (int) Math.min(maxInflatedBytes, size * 2L));
                }
                int n = inflater.inflate(out, size, out.length - size);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new ProtocolDecodeException("truncated compressed registration");
                }
                size += n;
            }
            return Arrays.copyOf(out, size);
        } catch (DataFormatException e) {
            throw new ProtocolDecodeException("corrupt compressed registration", e);
        } finally {
            inflater.end();
        }
    }

    /** Bounds-checked reads over the inflated parts. */
    private static final class Reader {
        private final byte[] data;
        private int position;

        Reader(byte[] data) {
            this.data = data;
        }

        int count() {
            if (data.length - position < 4) {
                throw new ProtocolDecodeException("compressed registration ends inside a length");
            }
            int value =
                    (data[position] & 0xFF) << 24
                            | (data[position + 1] & 0xFF) << 16
                            | (data[position + 2] & 0xFF) << 8
                            | (data[position + 3] & 0xFF);
            position += 4;
            if (value < 0) {
                throw new ProtocolDecodeException("negative length in compressed registration");
            }
            return value;
        }

        byte[] part() {
            int length = count();
            if (length > data.length - position) {
                throw new ProtocolDecodeException("part longer than compressed registration");
            }
            byte[] part = Arrays.copyOfRange(data, position, position + length);
            position += length;
            return part;
        }
    }
}
