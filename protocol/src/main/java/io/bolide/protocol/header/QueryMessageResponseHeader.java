// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** QUERY_MESSAGE (12) response. */
public final class QueryMessageResponseHeader implements CommandHeader {
    private static final byte[] KEY_INDEX_LAST_UPDATE_TIMESTAMP = "indexLastUpdateTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INDEX_LAST_UPDATE_PHYOFFSET = "indexLastUpdatePhyoffset".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"indexLastUpdateTimestamp", "indexLastUpdatePhyoffset"};
    private long indexLastUpdateTimestamp;
    private long indexLastUpdatePhyoffset;

    /** An empty header. */
    public QueryMessageResponseHeader() {}

    /** The {@code indexLastUpdateTimestamp} field (required). */
    public long indexLastUpdateTimestamp() {
        return indexLastUpdateTimestamp;
    }

    /** Sets the {@code indexLastUpdateTimestamp} field. */
    public QueryMessageResponseHeader indexLastUpdateTimestamp(long value) {
        this.indexLastUpdateTimestamp = value;
        return this;
    }

    /** The {@code indexLastUpdatePhyoffset} field (required). */
    public long indexLastUpdatePhyoffset() {
        return indexLastUpdatePhyoffset;
    }

    /** Sets the {@code indexLastUpdatePhyoffset} field. */
    public QueryMessageResponseHeader indexLastUpdatePhyoffset(long value) {
        this.indexLastUpdatePhyoffset = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_INDEX_LAST_UPDATE_TIMESTAMP, indexLastUpdateTimestamp);
        writer.putLong(out, KEY_INDEX_LAST_UPDATE_PHYOFFSET, indexLastUpdatePhyoffset);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static QueryMessageResponseHeader decode(ExtFieldCursor fields) {
        QueryMessageResponseHeader header = new QueryMessageResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("QueryMessageResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 24:
                if (field.keyIs(KEY_INDEX_LAST_UPDATE_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.indexLastUpdateTimestamp = field.valueAsLong();
                    return 1L;
                }
                if (field.keyIs(KEY_INDEX_LAST_UPDATE_PHYOFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.indexLastUpdatePhyoffset = field.valueAsLong();
                    return 2L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "QueryMessageResponseHeader["
                + "indexLastUpdateTimestamp=" + indexLastUpdateTimestamp
                + ", indexLastUpdatePhyoffset=" + indexLastUpdatePhyoffset
                + "]";
    }
}
