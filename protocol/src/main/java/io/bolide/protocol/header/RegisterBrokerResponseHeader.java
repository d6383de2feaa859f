// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** REGISTER_BROKER (103) response. */
public final class RegisterBrokerResponseHeader implements CommandHeader {
    private static final byte[] KEY_HA_SERVER_ADDR = "haServerAddr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_ADDR = "masterAddr".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String haServerAddr;
    private String masterAddr;

    /** An empty header. */
    public RegisterBrokerResponseHeader() {}

    /** The {@code haServerAddr} field. */
    public String haServerAddr() {
        return haServerAddr;
    }

    /** Sets the {@code haServerAddr} field. */
    public RegisterBrokerResponseHeader haServerAddr(String value) {
        this.haServerAddr = value;
        return this;
    }

    /** The {@code masterAddr} field. */
    public String masterAddr() {
        return masterAddr;
    }

    /** Sets the {@code masterAddr} field. */
    public RegisterBrokerResponseHeader masterAddr(String value) {
        this.masterAddr = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_HA_SERVER_ADDR, haServerAddr);
        writer.putString(out, KEY_MASTER_ADDR, masterAddr);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static RegisterBrokerResponseHeader decode(ExtFieldCursor fields) {
        RegisterBrokerResponseHeader header = new RegisterBrokerResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("RegisterBrokerResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 10:
                if (field.keyIs(KEY_MASTER_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.masterAddr = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_HA_SERVER_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.haServerAddr = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "RegisterBrokerResponseHeader["
                + "haServerAddr=" + haServerAddr
                + ", masterAddr=" + masterAddr
                + "]";
    }
}
