// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** AUTH_LIST_USER (3005) request: a substring of the user names to list. */
public final class ListUsersRequestHeader implements CommandHeader {
    private static final byte[] KEY_FILTER = "filter".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String filter;

    /** An empty header. */
    public ListUsersRequestHeader() {}

    /** The {@code filter} field. */
    public String filter() {
        return filter;
    }

    /** Sets the {@code filter} field. */
    public ListUsersRequestHeader filter(String value) {
        this.filter = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_FILTER, filter);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ListUsersRequestHeader decode(ExtFieldCursor fields) {
        ListUsersRequestHeader header = new ListUsersRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ListUsersRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 6:
                if (field.keyIs(KEY_FILTER)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.filter = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ListUsersRequestHeader["
                + "filter=" + filter
                + "]";
    }
}
