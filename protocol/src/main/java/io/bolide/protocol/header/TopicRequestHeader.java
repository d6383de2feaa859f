// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Requests naming one topic: DELETE_TOPIC_IN_BROKER (215), GET_TOPIC_STATS_INFO (202), QUERY_TOPIC_CONSUME_BY_WHO (300), GET_TOPIC_CONFIG (351). */
public final class TopicRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LO = "lo".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"topic"};
    private String topic;
    private Boolean lo;

    /** An empty header. */
    public TopicRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public TopicRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code lo} field. */
    public Boolean lo() {
        return lo;
    }

    /** Sets the {@code lo} field. */
    public TopicRequestHeader lo(Boolean value) {
        this.lo = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putBoolean(out, KEY_LO, lo);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static TopicRequestHeader decode(ExtFieldCursor fields) {
        TopicRequestHeader header = new TopicRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("TopicRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 2:
                if (field.keyIs(KEY_LO)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.lo = field.valueAsBoolean();
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
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "TopicRequestHeader["
                + "topic=" + topic
                + ", lo=" + lo
                + "]";
    }
}
