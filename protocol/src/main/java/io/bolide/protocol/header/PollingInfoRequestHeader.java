// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** POLLING_INFO (200055) request: how many pops of the group wait on the queue. */
public final class PollingInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "topic", "queueId"};
    private String consumerGroup;
    private String topic;
    private int queueId;

    /** An empty header. */
    public PollingInfoRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public PollingInfoRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public PollingInfoRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public PollingInfoRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PollingInfoRequestHeader decode(ExtFieldCursor fields) {
        PollingInfoRequestHeader header = new PollingInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PollingInfoRequestHeader: missing required field "
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
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 4L;
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
        return "PollingInfoRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", queueId=" + queueId
                + "]";
    }
}
