// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** UNREGISTER_CLIENT (35) request: one group key of the two. */
public final class UnregisterClientRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLIENT_ID = "clientID".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PRODUCER_GROUP = "producerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"clientID"};
    private String clientID;
    private String producerGroup;
    private String consumerGroup;

    /** An empty header. */
    public UnregisterClientRequestHeader() {}

    /** The {@code clientID} field (required). */
    public String clientID() {
        return clientID;
    }

    /** Sets the {@code clientID} field. */
    public UnregisterClientRequestHeader clientID(String value) {
        this.clientID = value;
        return this;
    }

    /** The {@code producerGroup} field. */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the {@code producerGroup} field. */
    public UnregisterClientRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** The {@code consumerGroup} field. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public UnregisterClientRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLIENT_ID, clientID);
        writer.putString(out, KEY_PRODUCER_GROUP, producerGroup);
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static UnregisterClientRequestHeader decode(ExtFieldCursor fields) {
        UnregisterClientRequestHeader header = new UnregisterClientRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("UnregisterClientRequestHeader: missing required field "
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
                    this.clientID = value;
                    return 1L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_PRODUCER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.producerGroup = value;
                    return 0L;
                }
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "UnregisterClientRequestHeader["
                + "clientID=" + clientID
                + ", producerGroup=" + producerGroup
                + ", consumerGroup=" + consumerGroup
                + "]";
    }
}
