// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** INVOKE_BROKER_TO_RESET_OFFSET (222) and RESET_CONSUMER_CLIENT_OFFSET (220) requests. */
public final class ResetOffsetRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFSET = "offset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TIMESTAMP = "timestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_IS_FORCE = "isForce".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 15L;
    private static final String[] REQUIRED_KEYS = {"group", "topic", "timestamp", "isForce"};
    private String group;
    private String topic;
    private int queueId = -1;
    private Long offset;
    private long timestamp;
    private boolean isForce;

    /** An empty header. */
    public ResetOffsetRequestHeader() {}

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public ResetOffsetRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public ResetOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field. */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public ResetOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code offset} field. */
    public Long offset() {
        return offset;
    }

    /** Sets the {@code offset} field. */
    public ResetOffsetRequestHeader offset(Long value) {
        this.offset = value;
        return this;
    }

    /** The {@code timestamp} field (required). */
    public long timestamp() {
        return timestamp;
    }

    /** Sets the {@code timestamp} field. */
    public ResetOffsetRequestHeader timestamp(long value) {
        this.timestamp = value;
        return this;
    }

    /** The {@code isForce} field (required). */
    public boolean isForce() {
        return isForce;
    }

    /** Sets the {@code isForce} field. */
    public ResetOffsetRequestHeader isForce(boolean value) {
        this.isForce = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_OFFSET, offset);
        writer.putLong(out, KEY_TIMESTAMP, timestamp);
        writer.putBoolean(out, KEY_IS_FORCE, isForce);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ResetOffsetRequestHeader decode(ExtFieldCursor fields) {
        ResetOffsetRequestHeader header = new ResetOffsetRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ResetOffsetRequestHeader: missing required field "
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
                    return 1L;
                }
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 2L;
                }
                return 0L;
            case 6:
                if (field.keyIs(KEY_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.offset = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 0L;
                }
                if (field.keyIs(KEY_IS_FORCE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.isForce = field.valueAsBoolean();
                    return 8L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.timestamp = field.valueAsLong();
                    return 4L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ResetOffsetRequestHeader["
                + "group=" + group
                + ", topic=" + topic
                + ", queueId=" + queueId
                + ", offset=" + offset
                + ", timestamp=" + timestamp
                + ", isForce=" + isForce
                + "]";
    }
}
