// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_LITE_GROUP_INFO (200078) request: topK 0 with no liteTopic asks for the group's totals. */
public final class GetLiteGroupInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOP_K = "topK".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"group"};
    private String group;
    private String liteTopic;
    private int topK = 0;

    /** An empty header. */
    public GetLiteGroupInfoRequestHeader() {}

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public GetLiteGroupInfoRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code liteTopic} field. */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public GetLiteGroupInfoRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    /** The {@code topK} field. */
    public int topK() {
        return topK;
    }

    /** Sets the {@code topK} field. */
    public GetLiteGroupInfoRequestHeader topK(int value) {
        this.topK = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
        writer.putLong(out, KEY_TOP_K, topK);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetLiteGroupInfoRequestHeader decode(ExtFieldCursor fields) {
        GetLiteGroupInfoRequestHeader header = new GetLiteGroupInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetLiteGroupInfoRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 4:
                if (field.keyIs(KEY_TOP_K)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.topK = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 5:
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 1L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_LITE_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.liteTopic = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetLiteGroupInfoRequestHeader["
                + "group=" + group
                + ", liteTopic=" + liteTopic
                + ", topK=" + topK
                + "]";
    }
}
