// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** POLLING_INFO (200055) response. */
public final class PollingInfoResponseHeader implements CommandHeader {
    private static final byte[] KEY_POLLING_NUM = "pollingNum".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"pollingNum"};
    private int pollingNum;

    /** An empty header. */
    public PollingInfoResponseHeader() {}

    /** The {@code pollingNum} field (required). */
    public int pollingNum() {
        return pollingNum;
    }

    /** Sets the {@code pollingNum} field. */
    public PollingInfoResponseHeader pollingNum(int value) {
        this.pollingNum = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_POLLING_NUM, pollingNum);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PollingInfoResponseHeader decode(ExtFieldCursor fields) {
        PollingInfoResponseHeader header = new PollingInfoResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PollingInfoResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 10:
                if (field.keyIs(KEY_POLLING_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.pollingNum = field.valueAsInt();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PollingInfoResponseHeader["
                + "pollingNum=" + pollingNum
                + "]";
    }
}
