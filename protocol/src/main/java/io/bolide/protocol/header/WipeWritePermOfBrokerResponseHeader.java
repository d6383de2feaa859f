// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** WIPE_WRITE_PERM_OF_BROKER (205) response. */
public final class WipeWritePermOfBrokerResponseHeader implements CommandHeader {
    private static final byte[] KEY_WIPE_TOPIC_COUNT = "wipeTopicCount".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"wipeTopicCount"};
    private int wipeTopicCount;

    /** An empty header. */
    public WipeWritePermOfBrokerResponseHeader() {}

    /** The {@code wipeTopicCount} field (required). */
    public int wipeTopicCount() {
        return wipeTopicCount;
    }

    /** Sets the {@code wipeTopicCount} field. */
    public WipeWritePermOfBrokerResponseHeader wipeTopicCount(int value) {
        this.wipeTopicCount = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_WIPE_TOPIC_COUNT, wipeTopicCount);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static WipeWritePermOfBrokerResponseHeader decode(ExtFieldCursor fields) {
        WipeWritePermOfBrokerResponseHeader header = new WipeWritePermOfBrokerResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("WipeWritePermOfBrokerResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 14:
                if (field.keyIs(KEY_WIPE_TOPIC_COUNT)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.wipeTopicCount = field.valueAsInt();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "WipeWritePermOfBrokerResponseHeader["
                + "wipeTopicCount=" + wipeTopicCount
                + "]";
    }
}
