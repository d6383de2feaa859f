// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** QUERY_CORRECTION_OFFSET (308) request; response body QueryCorrectionOffsetBody. filterGroups: comma-separated groups left out of the minimum. */
public final class QueryCorrectionOffsetHeader implements CommandHeader {
    private static final byte[] KEY_FILTER_GROUPS = "filterGroups".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMPARE_GROUP = "compareGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"compareGroup", "topic"};
    private String filterGroups;
    private String compareGroup;
    private String topic;

    /** An empty header. */
    public QueryCorrectionOffsetHeader() {}

    /** The {@code filterGroups} field. */
    public String filterGroups() {
        return filterGroups;
    }

    /** Sets the {@code filterGroups} field. */
    public QueryCorrectionOffsetHeader filterGroups(String value) {
        this.filterGroups = value;
        return this;
    }

    /** The {@code compareGroup} field (required). */
    public String compareGroup() {
        return compareGroup;
    }

    /** Sets the {@code compareGroup} field. */
    public QueryCorrectionOffsetHeader compareGroup(String value) {
        this.compareGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public QueryCorrectionOffsetHeader topic(String value) {
        this.topic = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_FILTER_GROUPS, filterGroups);
        writer.putString(out, KEY_COMPARE_GROUP, compareGroup);
        writer.putString(out, KEY_TOPIC, topic);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static QueryCorrectionOffsetHeader decode(ExtFieldCursor fields) {
        QueryCorrectionOffsetHeader header = new QueryCorrectionOffsetHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("QueryCorrectionOffsetHeader: missing required field "
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
            case 12:
                if (field.keyIs(KEY_FILTER_GROUPS)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.filterGroups = value;
                    return 0L;
                }
                if (field.keyIs(KEY_COMPARE_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.compareGroup = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "QueryCorrectionOffsetHeader["
                + "filterGroups=" + filterGroups
                + ", compareGroup=" + compareGroup
                + ", topic=" + topic
                + "]";
    }
}
