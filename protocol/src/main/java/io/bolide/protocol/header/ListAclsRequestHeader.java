// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** AUTH_LIST_ACL (3010) request: substrings of the subjects and resources to list. */
public final class ListAclsRequestHeader implements CommandHeader {
    private static final byte[] KEY_SUBJECT_FILTER = "subjectFilter".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RESOURCE_FILTER = "resourceFilter".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String subjectFilter;
    private String resourceFilter;

    /** An empty header. */
    public ListAclsRequestHeader() {}

    /** The {@code subjectFilter} field. */
    public String subjectFilter() {
        return subjectFilter;
    }

    /** Sets the {@code subjectFilter} field. */
    public ListAclsRequestHeader subjectFilter(String value) {
        this.subjectFilter = value;
        return this;
    }

    /** The {@code resourceFilter} field. */
    public String resourceFilter() {
        return resourceFilter;
    }

    /** Sets the {@code resourceFilter} field. */
    public ListAclsRequestHeader resourceFilter(String value) {
        this.resourceFilter = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_SUBJECT_FILTER, subjectFilter);
        writer.putString(out, KEY_RESOURCE_FILTER, resourceFilter);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ListAclsRequestHeader decode(ExtFieldCursor fields) {
        ListAclsRequestHeader header = new ListAclsRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ListAclsRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 13:
                if (field.keyIs(KEY_SUBJECT_FILTER)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.subjectFilter = value;
                    return 0L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_RESOURCE_FILTER)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.resourceFilter = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ListAclsRequestHeader["
                + "subjectFilter=" + subjectFilter
                + ", resourceFilter=" + resourceFilter
                + "]";
    }
}
