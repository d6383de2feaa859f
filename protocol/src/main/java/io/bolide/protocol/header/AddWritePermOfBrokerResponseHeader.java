// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** ADD_WRITE_PERM_OF_BROKER (327) response. */
public final class AddWritePermOfBrokerResponseHeader implements CommandHeader {
    private static final byte[] KEY_ADD_TOPIC_COUNT = "addTopicCount".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"addTopicCount"};
    private int addTopicCount;

    /** An empty header. */
    public AddWritePermOfBrokerResponseHeader() {}

    /** The {@code addTopicCount} field (required). */
    public int addTopicCount() {
        return addTopicCount;
    }

    /** Sets the {@code addTopicCount} field. */
    public AddWritePermOfBrokerResponseHeader addTopicCount(int value) {
        this.addTopicCount = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_ADD_TOPIC_COUNT, addTopicCount);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static AddWritePermOfBrokerResponseHeader decode(ExtFieldCursor fields) {
        AddWritePermOfBrokerResponseHeader header = new AddWritePermOfBrokerResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("AddWritePermOfBrokerResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 13:
                if (field.keyIs(KEY_ADD_TOPIC_COUNT)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.addTopicCount = field.valueAsInt();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "AddWritePermOfBrokerResponseHeader["
                + "addTopicCount=" + addTopicCount
                + "]";
    }
}
