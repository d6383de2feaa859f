// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** VIEW_BROKER_STATS_DATA (315) request. */
public final class ViewBrokerStatsDataRequestHeader implements CommandHeader {
    private static final byte[] KEY_STATS_NAME = "statsName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_STATS_KEY = "statsKey".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"statsName", "statsKey"};
    private String statsName;
    private String statsKey;

    /** An empty header. */
    public ViewBrokerStatsDataRequestHeader() {}

    /** The {@code statsName} field (required). */
    public String statsName() {
        return statsName;
    }

    /** Sets the {@code statsName} field. */
    public ViewBrokerStatsDataRequestHeader statsName(String value) {
        this.statsName = value;
        return this;
    }

    /** The {@code statsKey} field (required). */
    public String statsKey() {
        return statsKey;
    }

    /** Sets the {@code statsKey} field. */
    public ViewBrokerStatsDataRequestHeader statsKey(String value) {
        this.statsKey = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_STATS_NAME, statsName);
        writer.putString(out, KEY_STATS_KEY, statsKey);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ViewBrokerStatsDataRequestHeader decode(ExtFieldCursor fields) {
        ViewBrokerStatsDataRequestHeader header = new ViewBrokerStatsDataRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ViewBrokerStatsDataRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_STATS_KEY)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.statsKey = value;
                    return 2L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_STATS_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.statsName = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ViewBrokerStatsDataRequestHeader["
                + "statsName=" + statsName
                + ", statsKey=" + statsKey
                + "]";
    }
}
