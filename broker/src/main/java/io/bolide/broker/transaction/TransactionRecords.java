package io.bolide.broker.transaction;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.route.Destination;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Builds the records the engine writes from a stored half message: the committed message in its
 * real topic, the re-put half message of a check, the copy given up after the last check, the op
 * record of an outcome, and the message a check sends to the producer.
 */
final class TransactionRecords {
    /** Checks done so far, on a re-put half message (the reference's property). */
    static final String CHECK_TIMES = "TRANSACTION_CHECK_TIMES";

    /** On a re-put half message: the half-queue offset of the message it replaces. */
    static final String PREPARED_QUEUE_OFFSET = "TRAN_PREPARED_QUEUE_OFFSET";

    /** Per-message override of the check timeout, in seconds (the reference's property). */
    static final byte[] CHECK_IMMUNITY =
            "CHECK_IMMUNITY_TIME_IN_SECONDS".getBytes(StandardCharsets.US_ASCII);

    static final byte[] CHECK_TIMES_BYTES = CHECK_TIMES.getBytes(StandardCharsets.US_ASCII);

    /** Tag of op records: "delete" the half message from the pending ones. */
    private static final String OP_PROPERTIES = "TAGS\u0001d\u0002";

    private final byte[] storeAddress;
    private final int storePort;

    TransactionRecords(byte[] storeAddress, int storePort) {
        this.storeAddress = storeAddress.clone();
        this.storePort = storePort;
    }

    /**
     * The committed message: the half message's body and properties in its real topic and queue,
     * transaction type COMMIT, pointing back at the half record. Like the reference, the delivered
     * copy keeps TRAN_MSG, PGROUP, REAL_TOPIC and REAL_QID; only the check bookkeeping goes.
     */
    MessageRecordWriter committed(StoredMessageFlyweight half) {
        Map<String, String> properties = half.propertyMap();
        properties.remove(CHECK_TIMES);
        properties.remove(PREPARED_QUEUE_OFFSET);
        StoredMessageEncoder encoder = copy(half, properties);
        encoder.sysFlag((half.sysFlag() & ~HalfMessage.TRANSACTION_MASK) | HalfMessage.COMMIT)
                .preparedTransactionOffset(half.physicalOffset());
        return new MessageRecordWriter(encoder).prepare(realTopic(half), realQueueId(half));
    }

    /** The half message again at the end of the half queue, with one more check counted. */
    MessageRecordWriter rechecked(StoredMessageFlyweight half, int checkTimes) {
        return new MessageRecordWriter(copy(half, checkedProperties(half, checkTimes)))
                .prepare(HalfMessage.HALF_TOPIC, 0);
    }

    /** The half message given up after its last check, kept for operators. */
    MessageRecordWriter givenUp(StoredMessageFlyweight half) {
        return new MessageRecordWriter(copy(half, half.propertyMap()))
                .prepare(HalfMessage.CHECK_MAX_TOPIC, 0);
    }

    /**
     * The half message put back into checking (RESUME_CHECK_HALF_MESSAGE): at the end of the half
     * queue with its checks counted from zero again, replacing no earlier copy.
     */
    MessageRecordWriter resumed(StoredMessageFlyweight half) {
        Map<String, String> properties = half.propertyMap();
        properties.put(CHECK_TIMES, "0");
        properties.remove(PREPARED_QUEUE_OFFSET);
        return new MessageRecordWriter(copy(half, properties)).prepare(HalfMessage.HALF_TOPIC, 0);
    }

    /** An op record saying that half-queue offset {@code halfOffset} has its outcome. */
    MessageRecordWriter op(long halfOffset, long now) {
        ByteBuf body =
                Unpooled.wrappedBuffer(
                        Long.toString(halfOffset).getBytes(StandardCharsets.US_ASCII));
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .bornTimestamp(now)
                        .bornHost(storeAddress, storePort)
                        .storeHost(storeAddress, storePort)
                        .body(body)
                        .properties(OP_PROPERTIES);
        return new MessageRecordWriter(encoder).prepare(HalfMessage.OP_TOPIC, 0);
    }

    /**
     * The message a check sends (a record in {@code out}): the half message as re-put by {@code
     * copy} with {@code checkTimes} checks, but under its real topic and queue so the producer's
     * listener sees what it sent.
     */
    void checkBody(StoredMessageFlyweight half, int checkTimes, PutResult copy, ByteBuf out) {
        StoredMessageEncoder encoder = copy(half, checkedProperties(half, checkTimes));
        encoder.topic(realTopic(half))
                .queueId(realQueueId(half))
                .queueOffset(copy.queueOffset())
                .physicalOffset(copy.physicalOffset())
                .storeTimestamp(copy.storeTimestamp());
        encoder.encode(out);
    }

    /** Checks done on this half message so far. */
    static int checkTimes(StoredMessageFlyweight half) {
        return parseInt(half.property(CHECK_TIMES_BYTES), 0);
    }

    static String realTopic(StoredMessageFlyweight half) {
        String topic = Destination.realTopic(half);
        if (topic == null) {
            throw new IllegalArgumentException("half message without REAL_TOPIC");
        }
        return topic;
    }

    static int realQueueId(StoredMessageFlyweight half) {
        return parseInt(Destination.realQueueIdText(half), 0);
    }

    static int parseInt(String value, int otherwise) {
        if (value == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static Map<String, String> checkedProperties(StoredMessageFlyweight half, int times) {
        Map<String, String> properties = half.propertyMap();
        properties.put(CHECK_TIMES, Integer.toString(times));
        properties.put(PREPARED_QUEUE_OFFSET, Long.toString(half.queueOffset()));
        return properties;
    }

    private StoredMessageEncoder copy(StoredMessageFlyweight half, Map<String, String> properties) {
        byte[] born = new byte[half.bornAddressLength()];
        half.bornAddress(born);
        return new StoredMessageEncoder()
                .flag(half.flag())
                .sysFlag(half.sysFlag())
                .bornTimestamp(half.bornTimestamp())
                .bornHost(born, half.bornPort())
                .storeHost(storeAddress, storePort)
                .reconsumeTimes(half.reconsumeTimes())
                .preparedTransactionOffset(half.preparedTransactionOffset())
                .body(half.body())
                .bodyCrc(half.bodyCrc())
                .properties(MessageProperties.toText(properties));
    }
}
