// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_LITE_CLIENT_INFO (200077) request. */
public final class GetLiteClientInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_PARENT_TOPIC = "parentTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_COUNT = "maxCount".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String parentTopic;
    private String group;
    private String clientId;
    private int maxCount = 0;

    /** An empty header. */
    public GetLiteClientInfoRequestHeader() {}

    /** The {@code parentTopic} field. */
    public String parentTopic() {
        return parentTopic;
    }

    /** Sets the {@code parentTopic} field. */
    public GetLiteClientInfoRequestHeader parentTopic(String value) {
        this.parentTopic = value;
        return this;
    }

    /** The {@code group} field. */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public GetLiteClientInfoRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code clientId} field. */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public GetLiteClientInfoRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** The {@code maxCount} field. */
    public int maxCount() {
        return maxCount;
    }

    /** Sets the {@code maxCount} field. */
    public GetLiteClientInfoRequestHeader maxCount(int value) {
        this.maxCount = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_PARENT_TOPIC, parentTopic);
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_CLIENT_ID, clientId);
        writer.putLong(out, KEY_MAX_COUNT, maxCount);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetLiteClientInfoRequestHeader decode(ExtFieldCursor fields) {
        GetLiteClientInfoRequestHeader header = new GetLiteClientInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetLiteClientInfoRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 0L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_CLIENT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clientId = value;
                    return 0L;
                }
                if (field.keyIs(KEY_MAX_COUNT)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxCount = field.valueAsInt();
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
        return "GetLiteClientInfoRequestHeader["
                + "parentTopic=" + parentTopic
                + ", group=" + group
                + ", clientId=" + clientId
                + ", maxCount=" + maxCount
                + "]";
    }
}
