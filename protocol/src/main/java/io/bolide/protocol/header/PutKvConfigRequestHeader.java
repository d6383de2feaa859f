// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** PUT_KV_CONFIG (100) request. */
public final class PutKvConfigRequestHeader implements CommandHeader {
    private static final byte[] KEY_NAMESPACE = "namespace".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_KEY = "key".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_VALUE = "value".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"namespace", "key", "value"};
    private String namespace;
    private String key;
    private String value;

    /** An empty header. */
    public PutKvConfigRequestHeader() {}

    /** The {@code namespace} field (required). */
    public String namespace() {
        return namespace;
    }

    /** Sets the {@code namespace} field. */
    public PutKvConfigRequestHeader namespace(String value) {
        this.namespace = value;
        return this;
    }

    /** The {@code key} field (required). */
    public String key() {
        return key;
    }

    /** Sets the {@code key} field. */
    public PutKvConfigRequestHeader key(String value) {
        this.key = value;
        return this;
    }

    /** The {@code value} field (required). */
    public String value() {
        return value;
    }

    /** Sets the {@code value} field. */
    public PutKvConfigRequestHeader value(String value) {
        this.value = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_NAMESPACE, namespace);
        writer.putString(out, KEY_KEY, key);
        writer.putString(out, KEY_VALUE, value);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PutKvConfigRequestHeader decode(ExtFieldCursor fields) {
        PutKvConfigRequestHeader header = new PutKvConfigRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PutKvConfigRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 3:
                if (field.keyIs(KEY_KEY)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.key = value;
                    return 2L;
                }
                return 0L;
            case 5:
                if (field.keyIs(KEY_VALUE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.value = value;
                    return 4L;
                }
                return 0L;
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
        return "PutKvConfigRequestHeader["
                + "namespace=" + namespace
                + ", key=" + key
                + ", value=" + value
                + "]";
    }
}
