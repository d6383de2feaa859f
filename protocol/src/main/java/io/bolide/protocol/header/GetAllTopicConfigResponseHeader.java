// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_ALL_TOPIC_CONFIG (21) response. */
public final class GetAllTopicConfigResponseHeader implements CommandHeader {
    private static final byte[] KEY_TOTAL_TOPIC_NUM = "totalTopicNum".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private Integer totalTopicNum;

    /** An empty header. */
    public GetAllTopicConfigResponseHeader() {}

    /** The {@code totalTopicNum} field. */
    public Integer totalTopicNum() {
        return totalTopicNum;
    }

    /** Sets the {@code totalTopicNum} field. */
    public GetAllTopicConfigResponseHeader totalTopicNum(Integer value) {
        this.totalTopicNum = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putInt(out, KEY_TOTAL_TOPIC_NUM, totalTopicNum);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetAllTopicConfigResponseHeader decode(ExtFieldCursor fields) {
        GetAllTopicConfigResponseHeader header = new GetAllTopicConfigResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetAllTopicConfigResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 13:
                if (field.keyIs(KEY_TOTAL_TOPIC_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.totalTopicNum = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetAllTopicConfigResponseHeader["
                + "totalTopicNum=" + totalTopicNum
                + "]";
    }
}
