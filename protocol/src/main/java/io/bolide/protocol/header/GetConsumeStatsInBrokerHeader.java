// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_BROKER_CONSUME_STATS (317) request. */
public final class GetConsumeStatsInBrokerHeader implements CommandHeader {
    private static final byte[] KEY_IS_ORDER = "isOrder".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"isOrder"};
    private boolean isOrder;

    /** An empty header. */
    public GetConsumeStatsInBrokerHeader() {}

    /** The {@code isOrder} field (required). */
    public boolean isOrder() {
        return isOrder;
    }

    /** Sets the {@code isOrder} field. */
    public GetConsumeStatsInBrokerHeader isOrder(boolean value) {
        this.isOrder = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putBoolean(out, KEY_IS_ORDER, isOrder);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetConsumeStatsInBrokerHeader decode(ExtFieldCursor fields) {
        GetConsumeStatsInBrokerHeader header = new GetConsumeStatsInBrokerHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetConsumeStatsInBrokerHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_IS_ORDER)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.isOrder = field.valueAsBoolean();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetConsumeStatsInBrokerHeader["
                + "isOrder=" + isOrder
                + "]";
    }
}
