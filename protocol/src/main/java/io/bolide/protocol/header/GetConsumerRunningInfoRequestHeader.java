// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_CONSUMER_RUNNING_INFO (307) request, broker to client. */
public final class GetConsumerRunningInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_JSTACK_ENABLE = "jstackEnable".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "clientId"};
    private String consumerGroup;
    private String clientId;
    private boolean jstackEnable = false;

    /** An empty header. */
    public GetConsumerRunningInfoRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public GetConsumerRunningInfoRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code clientId} field (required). */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public GetConsumerRunningInfoRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** The {@code jstackEnable} field. */
    public boolean jstackEnable() {
        return jstackEnable;
    }

    /** Sets the {@code jstackEnable} field. */
    public GetConsumerRunningInfoRequestHeader jstackEnable(boolean value) {
        this.jstackEnable = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_CLIENT_ID, clientId);
        writer.putBoolean(out, KEY_JSTACK_ENABLE, jstackEnable);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetConsumerRunningInfoRequestHeader decode(ExtFieldCursor fields) {
        GetConsumerRunningInfoRequestHeader header = new GetConsumerRunningInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetConsumerRunningInfoRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_CLIENT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clientId = value;
                    return 2L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_JSTACK_ENABLE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.jstackEnable = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetConsumerRunningInfoRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", clientId=" + clientId
                + ", jstackEnable=" + jstackEnable
                + "]";
    }
}
