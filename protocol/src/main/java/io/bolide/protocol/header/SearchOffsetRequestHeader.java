// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** SEARCH_OFFSET_BY_TIMESTAMP (29) request; boundaryType LOWER or UPPER. */
public final class SearchOffsetRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TIMESTAMP = "timestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BOUNDARY_TYPE = "boundaryType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"topic", "queueId", "timestamp"};
    private String topic;
    private int queueId;
    private long timestamp;
    private String boundaryType;
    private String liteTopic;
    private String brokerName;

    /** An empty header. */
    public SearchOffsetRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public SearchOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public SearchOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code timestamp} field (required). */
    public long timestamp() {
        return timestamp;
    }

    /** Sets the {@code timestamp} field. */
    public SearchOffsetRequestHeader timestamp(long value) {
        this.timestamp = value;
        return this;
    }

    /** The {@code boundaryType} field. */
    public String boundaryType() {
        return boundaryType;
    }

    /** Sets the {@code boundaryType} field. */
    public SearchOffsetRequestHeader boundaryType(String value) {
        this.boundaryType = value;
        return this;
    }

    /** The {@code liteTopic} field. */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public SearchOffsetRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public SearchOffsetRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_TIMESTAMP, timestamp);
        writer.putString(out, KEY_BOUNDARY_TYPE, boundaryType);
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static SearchOffsetRequestHeader decode(ExtFieldCursor fields) {
        SearchOffsetRequestHeader header = new SearchOffsetRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("SearchOffsetRequestHeader: missing required field "
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
                    return 1L;
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
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 2L;
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
                if (field.keyIs(KEY_LITE_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.liteTopic = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_BOUNDARY_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.boundaryType = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "SearchOffsetRequestHeader["
                + "topic=" + topic
                + ", queueId=" + queueId
                + ", timestamp=" + timestamp
                + ", boundaryType=" + boundaryType
                + ", liteTopic=" + liteTopic
                + ", brokerName=" + brokerName
                + "]";
    }
}
