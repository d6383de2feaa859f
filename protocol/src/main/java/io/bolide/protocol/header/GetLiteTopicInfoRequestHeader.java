// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_LITE_TOPIC_INFO (200076) request. */
public final class GetLiteTopicInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_PARENT_TOPIC = "parentTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String parentTopic;
    private String liteTopic;

    /** An empty header. */
    public GetLiteTopicInfoRequestHeader() {}

    /** The {@code parentTopic} field. */
    public String parentTopic() {
        return parentTopic;
    }

    /** Sets the {@code parentTopic} field. */
    public GetLiteTopicInfoRequestHeader parentTopic(String value) {
        this.parentTopic = value;
        return this;
    }

    /** The {@code liteTopic} field. */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public GetLiteTopicInfoRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_PARENT_TOPIC, parentTopic);
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetLiteTopicInfoRequestHeader decode(ExtFieldCursor fields) {
        GetLiteTopicInfoRequestHeader header = new GetLiteTopicInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetLiteTopicInfoRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
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
            case 11:
                if (field.keyIs(KEY_PARENT_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.parentTopic = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetLiteTopicInfoRequestHeader["
                + "parentTopic=" + parentTopic
                + ", liteTopic=" + liteTopic
                + "]";
    }
}
