// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_CONSUMER_STATUS_FROM_CLIENT (221) and INVOKE_BROKER_TO_GET_CONSUMER_STATUS (223) requests. */
public final class GetConsumerStatusRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ADDR = "clientAddr".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"topic", "group"};
    private String topic;
    private String group;
    private String clientAddr;

    /** An empty header. */
    public GetConsumerStatusRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public GetConsumerStatusRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code group} field (required). */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public GetConsumerStatusRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code clientAddr} field. */
    public String clientAddr() {
        return clientAddr;
    }

    /** Sets the {@code clientAddr} field. */
    public GetConsumerStatusRequestHeader clientAddr(String value) {
        this.clientAddr = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_CLIENT_ADDR, clientAddr);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetConsumerStatusRequestHeader decode(ExtFieldCursor fields) {
        GetConsumerStatusRequestHeader header = new GetConsumerStatusRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetConsumerStatusRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 1L;
                }
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 2L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_CLIENT_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clientAddr = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetConsumerStatusRequestHeader["
                + "topic=" + topic
                + ", group=" + group
                + ", clientAddr=" + clientAddr
                + "]";
    }
}
