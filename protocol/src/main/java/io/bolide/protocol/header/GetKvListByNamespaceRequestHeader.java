// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_KVLIST_BY_NAMESPACE (219) request. */
public final class GetKvListByNamespaceRequestHeader implements CommandHeader {
    private static final byte[] KEY_NAMESPACE = "namespace".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"namespace"};
    private String namespace;

    /** An empty header. */
    public GetKvListByNamespaceRequestHeader() {}

    /** The {@code namespace} field (required). */
    public String namespace() {
        return namespace;
    }

    /** Sets the {@code namespace} field. */
    public GetKvListByNamespaceRequestHeader namespace(String value) {
        this.namespace = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_NAMESPACE, namespace);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetKvListByNamespaceRequestHeader decode(ExtFieldCursor fields) {
        GetKvListByNamespaceRequestHeader header = new GetKvListByNamespaceRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetKvListByNamespaceRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 9:
                if (field.keyIs(KEY_NAMESPACE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.namespace = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetKvListByNamespaceRequestHeader["
                + "namespace=" + namespace
                + "]";
    }
}
