// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_ALTER_SYNC_STATE_SET (1001) response. */
public final class AlterSyncStateSetResponseHeader implements CommandHeader {
    private static final byte[] KEY_NEW_SYNC_STATE_SET_EPOCH = "newSyncStateSetEpoch".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private int newSyncStateSetEpoch = 0;

    /** An empty header. */
    public AlterSyncStateSetResponseHeader() {}

    /** The {@code newSyncStateSetEpoch} field. */
    public int newSyncStateSetEpoch() {
        return newSyncStateSetEpoch;
    }

    /** Sets the {@code newSyncStateSetEpoch} field. */
    public AlterSyncStateSetResponseHeader newSyncStateSetEpoch(int value) {
        this.newSyncStateSetEpoch = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_NEW_SYNC_STATE_SET_EPOCH, newSyncStateSetEpoch);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static AlterSyncStateSetResponseHeader decode(ExtFieldCursor fields) {
        AlterSyncStateSetResponseHeader header = new AlterSyncStateSetResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("AlterSyncStateSetResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 20:
                if (field.keyIs(KEY_NEW_SYNC_STATE_SET_EPOCH)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.newSyncStateSetEpoch = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "AlterSyncStateSetResponseHeader["
                + "newSyncStateSetEpoch=" + newSyncStateSetEpoch
                + "]";
    }
}
