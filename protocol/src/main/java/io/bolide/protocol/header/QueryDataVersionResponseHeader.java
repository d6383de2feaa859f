// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** QUERY_DATA_VERSION (322) response. */
public final class QueryDataVersionResponseHeader implements CommandHeader {
    private static final byte[] KEY_CHANGED = "changed".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"changed"};
    private boolean changed;

    /** An empty header. */
    public QueryDataVersionResponseHeader() {}

    /** The {@code changed} field (required). */
    public boolean changed() {
        return changed;
    }

    /** Sets the {@code changed} field. */
    public QueryDataVersionResponseHeader changed(boolean value) {
        this.changed = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putBoolean(out, KEY_CHANGED, changed);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static QueryDataVersionResponseHeader decode(ExtFieldCursor fields) {
        QueryDataVersionResponseHeader header = new QueryDataVersionResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("QueryDataVersionResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_CHANGED)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.changed = field.valueAsBoolean();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "QueryDataVersionResponseHeader["
                + "changed=" + changed
                + "]";
    }
}
