// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** UNREGISTER_BROKER (104) request; QUERY_DATA_VERSION (322) has the same fields. */
public final class UnregisterBrokerRequestHeader implements CommandHeader {
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ADDR = "brokerAddr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ID = "brokerId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 15L;
    private static final String[] REQUIRED_KEYS = {"brokerName", "brokerAddr", "clusterName", "brokerId"};
    private String brokerName;
    private String brokerAddr;
    private String clusterName;
    private long brokerId;

    /** An empty header. */
    public UnregisterBrokerRequestHeader() {}

    /** The {@code brokerName} field (required). */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public UnregisterBrokerRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerAddr} field (required). */
    public String brokerAddr() {
        return brokerAddr;
    }

    /** Sets the {@code brokerAddr} field. */
    public UnregisterBrokerRequestHeader brokerAddr(String value) {
        this.brokerAddr = value;
        return this;
    }

    /** The {@code clusterName} field (required). */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public UnregisterBrokerRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerId} field (required). */
    public long brokerId() {
        return brokerId;
    }

    /** Sets the {@code brokerId} field. */
    public UnregisterBrokerRequestHeader brokerId(long value) {
        this.brokerId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putString(out, KEY_BROKER_ADDR, brokerAddr);
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putLong(out, KEY_BROKER_ID, brokerId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static UnregisterBrokerRequestHeader decode(ExtFieldCursor fields) {
        UnregisterBrokerRequestHeader header = new UnregisterBrokerRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("UnregisterBrokerRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_BROKER_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.brokerId = field.valueAsLong();
                    return 8L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 1L;
                }
                if (field.keyIs(KEY_BROKER_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerAddr = value;
                    return 2L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_CLUSTER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clusterName = value;
                    return 4L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "UnregisterBrokerRequestHeader["
                + "brokerName=" + brokerName
                + ", brokerAddr=" + brokerAddr
                + ", clusterName=" + clusterName
                + ", brokerId=" + brokerId
                + "]";
    }
}
