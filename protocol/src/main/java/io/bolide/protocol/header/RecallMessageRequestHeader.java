// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** RECALL_MESSAGE (370) request, producer to broker: the recall handle a timer message's send answered (base64url of "v1 topic brokerName deliverMs uniqKey"); topic must match it. */
public final class RecallMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_PRODUCER_GROUP = "producerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RECALL_HANDLE = "recallHandle".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"topic", "recallHandle"};
    private String producerGroup;
    private String topic;
    private String recallHandle;
    private String brokerName;

    /** An empty header. */
    public RecallMessageRequestHeader() {}

    /** The {@code producerGroup} field. */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the {@code producerGroup} field. */
    public RecallMessageRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public RecallMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code recallHandle} field (required). */
    public String recallHandle() {
        return recallHandle;
    }

    /** Sets the {@code recallHandle} field. */
    public RecallMessageRequestHeader recallHandle(String value) {
        this.recallHandle = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public RecallMessageRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_PRODUCER_GROUP, producerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_RECALL_HANDLE, recallHandle);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static RecallMessageRequestHeader decode(ExtFieldCursor fields) {
        RecallMessageRequestHeader header = new RecallMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("RecallMessageRequestHeader: missing required field "
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
            case 12:
                if (field.keyIs(KEY_RECALL_HANDLE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.recallHandle = value;
                    return 2L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_PRODUCER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.producerGroup = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "RecallMessageRequestHeader["
                + "producerGroup=" + producerGroup
                + ", topic=" + topic
                + ", recallHandle=" + recallHandle
                + ", brokerName=" + brokerName
                + "]";
    }
}
