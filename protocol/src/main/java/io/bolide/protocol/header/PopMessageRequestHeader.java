// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** POP_MESSAGE (200050) request: take up to maxMsgNums messages of a queue (-1: any queue of the topic) for invisibleTime ms; pollTime is how long the broker may hold an empty answer. */
public final class PopMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_MSG_NUMS = "maxMsgNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVISIBLE_TIME = "invisibleTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_POLL_TIME = "pollTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIME = "bornTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INIT_MODE = "initMode".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXP_TYPE = "expType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXP = "exp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORDER = "order".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ATTEMPT_ID = "attemptId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 255L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "topic", "queueId", "maxMsgNums", "invisibleTime", "pollTime", "bornTime", "initMode"};
    private String consumerGroup;
    private String topic;
    private int queueId;
    private int maxMsgNums;
    private long invisibleTime;
    private long pollTime;
    private long bornTime;
    private int initMode;
    private String expType;
    private String exp;
    private Boolean order;
    private String attemptId;

    /** An empty header. */
    public PopMessageRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public PopMessageRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public PopMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public PopMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code maxMsgNums} field (required). */
    public int maxMsgNums() {
        return maxMsgNums;
    }

    /** Sets the {@code maxMsgNums} field. */
    public PopMessageRequestHeader maxMsgNums(int value) {
        this.maxMsgNums = value;
        return this;
    }

    /** The {@code invisibleTime} field (required). */
    public long invisibleTime() {
        return invisibleTime;
    }

    /** Sets the {@code invisibleTime} field. */
    public PopMessageRequestHeader invisibleTime(long value) {
        this.invisibleTime = value;
        return this;
    }

    /** The {@code pollTime} field (required). */
    public long pollTime() {
        return pollTime;
    }

    /** Sets the {@code pollTime} field. */
    public PopMessageRequestHeader pollTime(long value) {
        this.pollTime = value;
        return this;
    }

    /** The {@code bornTime} field (required). */
    public long bornTime() {
        return bornTime;
    }

    /** Sets the {@code bornTime} field. */
    public PopMessageRequestHeader bornTime(long value) {
        this.bornTime = value;
        return this;
    }

    /** The {@code initMode} field (required). */
    public int initMode() {
        return initMode;
    }

    /** Sets the {@code initMode} field. */
    public PopMessageRequestHeader initMode(int value) {
        this.initMode = value;
        return this;
    }

    /** The {@code expType} field. */
    public String expType() {
        return expType;
    }

    /** Sets the {@code expType} field. */
    public PopMessageRequestHeader expType(String value) {
        this.expType = value;
        return this;
    }

    /** The {@code exp} field. */
    public String exp() {
        return exp;
    }

    /** Sets the {@code exp} field. */
    public PopMessageRequestHeader exp(String value) {
        this.exp = value;
        return this;
    }

    /** The {@code order} field. */
    public Boolean order() {
        return order;
    }

    /** Sets the {@code order} field. */
    public PopMessageRequestHeader order(Boolean value) {
        this.order = value;
        return this;
    }

    /** The {@code attemptId} field. */
    public String attemptId() {
        return attemptId;
    }

    /** Sets the {@code attemptId} field. */
    public PopMessageRequestHeader attemptId(String value) {
        this.attemptId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_MAX_MSG_NUMS, maxMsgNums);
        writer.putLong(out, KEY_INVISIBLE_TIME, invisibleTime);
        writer.putLong(out, KEY_POLL_TIME, pollTime);
        writer.putLong(out, KEY_BORN_TIME, bornTime);
        writer.putLong(out, KEY_INIT_MODE, initMode);
        writer.putString(out, KEY_EXP_TYPE, expType);
        writer.putString(out, KEY_EXP, exp);
        writer.putBoolean(out, KEY_ORDER, order);
        writer.putString(out, KEY_ATTEMPT_ID, attemptId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PopMessageRequestHeader decode(ExtFieldCursor fields) {
        PopMessageRequestHeader header = new PopMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PopMessageRequestHeader: missing required field "
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
                switch (field.keyByte(0)) {
                    case 'b':
                        if (field.keyIs(KEY_BORN_TIME)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.bornTime = field.valueAsLong();
                            return 64L;
                        }
                        return 0L;
                    case 'i':
                        if (field.keyIs(KEY_INIT_MODE)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.initMode = field.valueAsInt();
                            return 128L;
                        }
                        return 0L;
                    case 'p':
                        if (field.keyIs(KEY_POLL_TIME)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.pollTime = field.valueAsLong();
                            return 32L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
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
            case 10:
                if (field.keyIs(KEY_MAX_MSG_NUMS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxMsgNums = field.valueAsInt();
                    return 8L;
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
                if (field.keyIs(KEY_INVISIBLE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invisibleTime = field.valueAsLong();
                    return 16L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PopMessageRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", queueId=" + queueId
                + ", maxMsgNums=" + maxMsgNums
                + ", invisibleTime=" + invisibleTime
                + ", pollTime=" + pollTime
                + ", bornTime=" + bornTime
                + ", initMode=" + initMode
                + ", expType=" + expType
                + ", exp=" + exp
                + ", order=" + order
                + ", attemptId=" + attemptId
                + "]";
    }
}
