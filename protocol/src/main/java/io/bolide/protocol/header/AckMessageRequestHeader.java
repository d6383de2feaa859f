// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** ACK_MESSAGE (200051) request: extraInfo is the message's receipt handle (POP_CK). */
public final class AckMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXTRA_INFO = "extraInfo".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFSET = "offset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "topic", "queueId", "extraInfo", "offset"};
    private String consumerGroup;
    private String topic;
    private int queueId;
    private String extraInfo;
    private long offset;
    private String liteTopic;

    /** An empty header. */
    public AckMessageRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public AckMessageRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public AckMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public AckMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code extraInfo} field (required). */
    public String extraInfo() {
        return extraInfo;
    }

    /** Sets the {@code extraInfo} field. */
    public AckMessageRequestHeader extraInfo(String value) {
        this.extraInfo = value;
        return this;
    }

    /** The {@code offset} field (required). */
    public long offset() {
        return offset;
    }

    /** Sets the {@code offset} field. */
    public AckMessageRequestHeader offset(long value) {
        this.offset = value;
        return this;
    }

    /** The {@code liteTopic} field. */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public AckMessageRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putString(out, KEY_EXTRA_INFO, extraInfo);
        writer.putLong(out, KEY_OFFSET, offset);
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static AckMessageRequestHeader decode(ExtFieldCursor fields) {
        AckMessageRequestHeader header = new AckMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("AckMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
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
                    return 16L;
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
                return 0L;
            case 9:
                if (field.keyIs(KEY_EXTRA_INFO)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.extraInfo = value;
                    return 8L;
                }
                if (field.keyIs(KEY_LITE_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.liteTopic = value;
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
        return "AckMessageRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", queueId=" + queueId
                + ", extraInfo=" + extraInfo
                + ", offset=" + offset
                + ", liteTopic=" + liteTopic
                + "]";
    }
}
