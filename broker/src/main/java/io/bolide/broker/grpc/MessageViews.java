package io.bolide.broker.grpc;

import com.google.protobuf.ByteString;
import io.bolide.broker.lite.LiteNames;
import io.bolide.grpc.v2.Digest;
import io.bolide.grpc.v2.DigestType;
import io.bolide.grpc.v2.Encoding;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.Resource;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.protocol.message.ZlibBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stored record as the SDKs' {@code Message}: user properties apart from the system ones, the
 * body with its CRC32 digest (the SDKs check it and refuse a message whose digest differs), the
 * receipt handle of this delivery and the delivery attempt (reconsume times + earlier orderly
 * deliveries + 1).
 */
final class MessageViews {
    /** Properties the broker or the remoting clients own; not user properties. */
    static final Set<String> RESERVED =
            Set.of(
                    MessageProperty.TAGS,
                    MessageProperty.KEYS,
                    MessageProperty.UNIQ_KEY,
                    MessageProperty.WAIT,
                    MessageProperty.DELAY,
                    "CLUSTER",
                    "MSG_REGION",
                    "TRACE_ON",
                    "RETRY_TOPIC",
                    "REAL_TOPIC",
                    "REAL_QID",
                    "ORIGIN_MESSAGE_ID",
                    "POP_CK",
                    "1ST_POP_TIME",
                    "MAX_OFFSET",
                    "MIN_OFFSET",
                    "CONSUME_START_TIME",
                    "__STARTDELIVERTIME",
                    "TIMER_DELIVER_MS",
                    "TIMER_DELAY_SEC",
                    "TIMER_DELAY_MS",
                    "TRAN_MSG",
                    "PGROUP",
                    "INNER_NUM",
                    SendProperties.SHARDING_KEY,
                    SendProperties.CHECK_IMMUNITY,
                    SendProperties.PRIORITY,
                    "INNER_MULTI_DISPATCH",
                    LiteNames.PROPERTY);

    /**
     * The most a stored compressed body may inflate to (the reference's largest body, 4 MiB, x16).
     */
    private static final int MAX_INFLATED = 64 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(MessageViews.class);

    private MessageViews() {}

    /**
     * @param redeliveries deliveries the stored reconsume times do not count (an orderly batch
     *     handed out again from its queue)
     */
    static Message of(
            ByteBuf record,
            String topic,
            String receiptHandle,
            long invisibleMs,
            int redeliveries) {
        StoredMessageFlyweight m = new StoredMessageFlyweight();
        m.wrap(record, record.readerIndex(), record.writerIndex());
        Map<String, String> properties = m.propertyMap();
        byte[] body = plain(m);
        SystemProperties.Builder system =
                SystemProperties.newBuilder()
                        .setMessageId(messageId(properties, m))
                        .setBodyDigest(crc32(body))
                        .setBodyEncoding(Encoding.IDENTITY)
                        .setBornTimestamp(Times.timestamp(m.bornTimestamp()))
                        .setBornHost(host(m.bornHost()))
                        .setStoreTimestamp(Times.timestamp(m.storeTimestamp()))
                        .setStoreHost(host(m.storeHost()) + ":" + m.storePort())
                        .setReceiptHandle(receiptHandle)
                        .setQueueId(m.queueId())
                        .setQueueOffset(m.queueOffset())
                        .setInvisibleDuration(Times.duration(invisibleMs))
                        .setDeliveryAttempt(m.reconsumeTimes() + 1 + redeliveries);
        tagAndKeys(system, properties);
        typed(system, properties);
        Message.Builder message =
                Message.newBuilder()
                        .setTopic(Resource.newBuilder().setName(topic))
                        .setSystemProperties(system)
                        .setBody(ByteString.copyFrom(body));
        properties.forEach(
                (name, value) -> {
                    if (!RESERVED.contains(name)) {
                        message.putUserProperties(name, value);
                    }
                });
        return message.build();
    }

    /**
     * The body as the SDK reads it: a body a remoting producer stored compressed (sysFlag
     * COMPRESSED, zlib) goes out inflated with IDENTITY encoding, as the reference proxy hands it
     * out (its broker client inflates and clears the flag). One that does not inflate goes out as
     * stored, with one log line.
     */
    private static byte[] plain(StoredMessageFlyweight m) {
        if (!MessageDescriptor.isCompressed(m.sysFlag())) {
            return ByteBufUtil.getBytes(m.body());
        }
        ByteBuf inflated = null;
        try {
            inflated = ZlibBody.inflate(m.body(), ByteBufAllocator.DEFAULT, MAX_INFLATED);
            return ByteBufUtil.getBytes(inflated);
        } catch (ProtocolDecodeException e) {
            LOG.warn(
                    "stored body at {} does not inflate, sent as stored: {}",
                    m.physicalOffset(),
                    e.getMessage());
            return ByteBufUtil.getBytes(m.body());
        } finally {
            if (inflated != null) {
                inflated.release();
            }
        }
    }

    private static void tagAndKeys(
            SystemProperties.Builder system, Map<String, String> properties) {
        String tag = properties.get(MessageProperty.TAGS);
        if (tag != null) {
            system.setTag(tag);
        }
        String keys = properties.get(MessageProperty.KEYS);
        if (keys != null) {
            system.addAllKeys(Arrays.asList(keys.split(" ")));
        }
    }

    /**
     * The type the message was sent as, from the properties its send stored, judged in the order
     * the reference proxy judges them (a half, a due time, a group, a priority, a lite topic), and
     * the group, priority and lite topic it carries whatever its type.
     */
    private static void typed(SystemProperties.Builder system, Map<String, String> properties) {
        String group = properties.get(SendProperties.SHARDING_KEY);
        String due = properties.get(SendProperties.TIMER_DELIVER_MS);
        String lite = properties.get(LiteNames.PROPERTY);
        int priority = priority(properties.get(SendProperties.PRIORITY));
        if ("true".equals(properties.get(SendProperties.TRAN_MSG))) {
            system.setMessageType(MessageType.TRANSACTION);
        } else if (due != null) {
            system.setMessageType(MessageType.DELAY);
        } else if (group != null) {
            system.setMessageType(MessageType.FIFO);
        } else if (properties.containsKey(SendProperties.PRIORITY)) {
            system.setMessageType(MessageType.PRIORITY);
        } else if (lite != null) {
            system.setMessageType(MessageType.LITE);
        } else {
            system.setMessageType(MessageType.NORMAL);
        }
        if (group != null) {
            system.setMessageGroup(group);
        }
        if (lite != null) {
            system.setLiteTopic(lite);
        }
        if (priority >= 0) {
            system.setPriority(priority);
        }
        if (due != null) {
            try {
                system.setDeliveryTimestamp(Times.timestamp(Long.parseLong(due)));
            } catch (NumberFormatException e) {
                // not a time a send of ours stored: shown without one
            }
        }
    }

    /** A stored priority, or -1 when there is none that is a non-negative integer. */
    private static int priority(String value) {
        if (value == null) {
            return -1;
        }
        try {
            return Math.max(-1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String messageId(Map<String, String> properties, StoredMessageFlyweight m) {
        String unique = properties.get(MessageProperty.UNIQ_KEY);
        return unique != null ? unique : Long.toHexString(m.physicalOffset());
    }

    /** The digest the SDKs compute: CRC32 of the body, upper-case hex. */
    static Digest crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return Digest.newBuilder()
                .setType(DigestType.CRC32)
                .setChecksum(Long.toHexString(crc.getValue()).toUpperCase(java.util.Locale.ROOT))
                .build();
    }

    private static String host(InetSocketAddress address) {
        return address.getAddress() == null
                ? address.getHostString()
                : address.getAddress().getHostAddress();
    }
}
