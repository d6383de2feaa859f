// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_BROKER_CONFIG (26) response. */
public final class GetBrokerConfigResponseHeader implements CommandHeader {
    private static final byte[] KEY_VERSION = "version".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"version"};
    private String version;

    /** An empty header. */
    public GetBrokerConfigResponseHeader() {}

    /** The {@code version} field (required). */
    public String version() {
        return version;
    }

    /** Sets the {@code version} field. */
    public GetBrokerConfigResponseHeader version(String value) {
        this.version = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_VERSION, version);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetBrokerConfigResponseHeader decode(ExtFieldCursor fields) {
        GetBrokerConfigResponseHeader header = new GetBrokerConfigResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetBrokerConfigResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_VERSION)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.version = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetBrokerConfigResponseHeader["
                + "version=" + version
                + "]";
    }
}
