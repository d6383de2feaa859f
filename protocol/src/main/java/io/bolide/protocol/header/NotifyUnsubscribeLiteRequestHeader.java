// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** NOTIFY_UNSUBSCRIBE_LITE (200073) request, broker to client: the broker dropped liteTopic from the client's lite subscription. */
public final class NotifyUnsubscribeLiteRequestHeader implements CommandHeader {
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"liteTopic", "consumerGroup", "clientId"};
    private String liteTopic;
    private String consumerGroup;
    private String clientId;

    /** An empty header. */
    public NotifyUnsubscribeLiteRequestHeader() {}

    /** The {@code liteTopic} field (required). */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public NotifyUnsubscribeLiteRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public NotifyUnsubscribeLiteRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code clientId} field (required). */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public NotifyUnsubscribeLiteRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_CLIENT_ID, clientId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static NotifyUnsubscribeLiteRequestHeader decode(ExtFieldCursor fields) {
        NotifyUnsubscribeLiteRequestHeader header = new NotifyUnsubscribeLiteRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("NotifyUnsubscribeLiteRequestHeader: missing required field "
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
                    return 4L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_LITE_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.liteTopic = value;
                    return 1L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 2L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "NotifyUnsubscribeLiteRequestHeader["
                + "liteTopic=" + liteTopic
                + ", consumerGroup=" + consumerGroup
                + ", clientId=" + clientId
                + "]";
    }
}
