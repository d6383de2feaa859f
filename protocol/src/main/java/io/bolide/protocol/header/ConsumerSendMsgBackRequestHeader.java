// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONSUMER_SEND_MSG_BACK (36) request; offset is the commit-log offset. */
public final class ConsumerSendMsgBackRequestHeader implements CommandHeader {
    private static final byte[] KEY_OFFSET = "offset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DELAY_LEVEL = "delayLevel".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORIGIN_MSG_ID = "originMsgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORIGIN_TOPIC = "originTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_UNIT_MODE = "unitMode".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_RECONSUME_TIMES = "maxReconsumeTimes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"offset", "group", "delayLevel"};
    private long offset;
    private String group;
    private int delayLevel;
    private String originMsgId;
    private String originTopic;
    private boolean unitMode = false;
    private Integer maxReconsumeTimes;
    private String brokerName;

    /** An empty header. */
    public ConsumerSendMsgBackRequestHeader() {}

    /** The {@code offset} field (required). */
    public long offset() {
        return offset;
    }

    /** Sets the {@code offset} field. */
    public ConsumerSendMsgBackRequestHeader offset(long value) {
        this.offset = value;
        return this;
    }

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public ConsumerSendMsgBackRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code delayLevel} field (required). */
    public int delayLevel() {
        return delayLevel;
    }

    /** Sets the {@code delayLevel} field. */
    public ConsumerSendMsgBackRequestHeader delayLevel(int value) {
        this.delayLevel = value;
        return this;
    }

    /** The {@code originMsgId} field. */
    public String originMsgId() {
        return originMsgId;
    }

    /** Sets the {@code originMsgId} field. */
    public ConsumerSendMsgBackRequestHeader originMsgId(String value) {
        this.originMsgId = value;
        return this;
    }

    /** The {@code originTopic} field. */
    public String originTopic() {
        return originTopic;
    }

    /** Sets the {@code originTopic} field. */
    public ConsumerSendMsgBackRequestHeader originTopic(String value) {
        this.originTopic = value;
        return this;
    }

    /** The {@code unitMode} field. */
    public boolean unitMode() {
        return unitMode;
    }

    /** Sets the {@code unitMode} field. */
    public ConsumerSendMsgBackRequestHeader unitMode(boolean value) {
        this.unitMode = value;
        return this;
    }

    /** The {@code maxReconsumeTimes} field. */
    public Integer maxReconsumeTimes() {
        return maxReconsumeTimes;
    }

    /** Sets the {@code maxReconsumeTimes} field. */
    public ConsumerSendMsgBackRequestHeader maxReconsumeTimes(Integer value) {
        this.maxReconsumeTimes = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public ConsumerSendMsgBackRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_OFFSET, offset);
        writer.putString(out, KEY_GROUP, group);
        writer.putLong(out, KEY_DELAY_LEVEL, delayLevel);
        writer.putString(out, KEY_ORIGIN_MSG_ID, originMsgId);
        writer.putString(out, KEY_ORIGIN_TOPIC, originTopic);
        writer.putBoolean(out, KEY_UNIT_MODE, unitMode);
        writer.putInt(out, KEY_MAX_RECONSUME_TIMES, maxReconsumeTimes);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ConsumerSendMsgBackRequestHeader decode(ExtFieldCursor fields) {
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ConsumerSendMsgBackRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 2L;
                }
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 0L;
                }
                return 0L;
            case 6:
                if (field.keyIs(KEY_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.offset = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_UNIT_MODE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.unitMode = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_DELAY_LEVEL)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.delayLevel = field.valueAsInt();
                    return 4L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_ORIGIN_MSG_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.originMsgId = value;
                    return 0L;
                }
                if (field.keyIs(KEY_ORIGIN_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.originTopic = value;
                    return 0L;
                }
                return 0L;
            case 17:
                if (field.keyIs(KEY_MAX_RECONSUME_TIMES)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxReconsumeTimes = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ConsumerSendMsgBackRequestHeader["
                + "offset=" + offset
                + ", group=" + group
                + ", delayLevel=" + delayLevel
                + ", originMsgId=" + originMsgId
                + ", originTopic=" + originTopic
                + ", unitMode=" + unitMode
                + ", maxReconsumeTimes=" + maxReconsumeTimes
                + ", brokerName=" + brokerName
                + "]";
    }
}
