// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** NOTIFICATION (200054) request: wait up to pollTime ms until the group has something to pop from the queue (-1: any queue of the topic, or its POP retry topic). */
public final class NotificationRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_POLL_TIME = "pollTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIME = "bornTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORDER = "order".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ATTEMPT_ID = "attemptId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXP_TYPE = "expType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXP = "exp".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "topic", "queueId", "pollTime", "bornTime"};
    private String consumerGroup;
    private String topic;
    private int queueId;
    private long pollTime;
    private long bornTime;
    private Boolean order;
    private String attemptId;
    private String expType;
    private String exp;

    /** An empty header. */
    public NotificationRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public NotificationRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public NotificationRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public NotificationRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code pollTime} field (required). */
    public long pollTime() {
        return pollTime;
    }

    /** Sets the {@code pollTime} field. */
    public NotificationRequestHeader pollTime(long value) {
        this.pollTime = value;
        return this;
    }

    /** The {@code bornTime} field (required). */
    public long bornTime() {
        return bornTime;
    }

    /** Sets the {@code bornTime} field. */
    public NotificationRequestHeader bornTime(long value) {
        this.bornTime = value;
        return this;
    }

    /** The {@code order} field. */
    public Boolean order() {
        return order;
    }

    /** Sets the {@code order} field. */
    public NotificationRequestHeader order(Boolean value) {
        this.order = value;
        return this;
    }

    /** The {@code attemptId} field. */
    public String attemptId() {
        return attemptId;
    }

    /** Sets the {@code attemptId} field. */
    public NotificationRequestHeader attemptId(String value) {
        this.attemptId = value;
        return this;
    }

    /** The {@code expType} field. */
    public String expType() {
        return expType;
    }

    /** Sets the {@code expType} field. */
    public NotificationRequestHeader expType(String value) {
        this.expType = value;
        return this;
    }

    /** The {@code exp} field. */
    public String exp() {
        return exp;
    }

    /** Sets the {@code exp} field. */
    public NotificationRequestHeader exp(String value) {
        this.exp = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_POLL_TIME, pollTime);
        writer.putLong(out, KEY_BORN_TIME, bornTime);
        writer.putBoolean(out, KEY_ORDER, order);
        writer.putString(out, KEY_ATTEMPT_ID, attemptId);
        writer.putString(out, KEY_EXP_TYPE, expType);
        writer.putString(out, KEY_EXP, exp);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static NotificationRequestHeader decode(ExtFieldCursor fields) {
        NotificationRequestHeader header = new NotificationRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("NotificationRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 3:
                if (field.keyIs(KEY_EXP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.exp = value;
                    return 0L;
                }
                return 0L;
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 2L;
                }
                if (field.keyIs(KEY_ORDER)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.order = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 4L;
                }
                if (field.keyIs(KEY_EXP_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.expType = value;
                    return 0L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_POLL_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.pollTime = field.valueAsLong();
                    return 8L;
                }
                if (field.keyIs(KEY_BORN_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.bornTime = field.valueAsLong();
                    return 16L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_ATTEMPT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.attemptId = value;
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "NotificationRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", queueId=" + queueId
                + ", pollTime=" + pollTime
                + ", bornTime=" + bornTime
                + ", order=" + order
                + ", attemptId=" + attemptId
                + ", expType=" + expType
                + ", exp=" + exp
                + "]";
    }
}
