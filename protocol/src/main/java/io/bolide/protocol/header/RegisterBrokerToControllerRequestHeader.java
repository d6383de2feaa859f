// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_REGISTER_BROKER (1003) request, broker to controller. */
public final class RegisterBrokerToControllerRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ID = "brokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ADDRESS = "brokerAddress".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVOKE_TIME = "invokeTime".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String clusterName;
    private String brokerName;
    private Long brokerId;
    private String brokerAddress;
    private long invokeTime = 0L;

    /** An empty header. */
    public RegisterBrokerToControllerRequestHeader() {}

    /** The {@code clusterName} field. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public RegisterBrokerToControllerRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerName} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public RegisterBrokerToControllerRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerId} field. */
    public Long brokerId() {
        return brokerId;
    }

    /** Sets the {@code brokerId} field. */
    public RegisterBrokerToControllerRequestHeader brokerId(Long value) {
        this.brokerId = value;
        return this;
    }

    /** The {@code brokerAddress} field. */
    public String brokerAddress() {
        return brokerAddress;
    }

    /** Sets the {@code brokerAddress} field. */
    public RegisterBrokerToControllerRequestHeader brokerAddress(String value) {
        this.brokerAddress = value;
        return this;
    }

    /** The {@code invokeTime} field. */
    public long invokeTime() {
        return invokeTime;
    }

    /** Sets the {@code invokeTime} field. */
    public RegisterBrokerToControllerRequestHeader invokeTime(long value) {
        this.invokeTime = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putLong(out, KEY_BROKER_ID, brokerId);
        writer.putString(out, KEY_BROKER_ADDRESS, brokerAddress);
        writer.putLong(out, KEY_INVOKE_TIME, invokeTime);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static RegisterBrokerToControllerRequestHeader decode(ExtFieldCursor fields) {
        RegisterBrokerToControllerRequestHeader header = new RegisterBrokerToControllerRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("RegisterBrokerToControllerRequestHeader: missing required field "
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
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 0L;
                }
                if (field.keyIs(KEY_INVOKE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invokeTime = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_CLUSTER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clusterName = value;
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_BROKER_ADDRESS)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerAddress = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "RegisterBrokerToControllerRequestHeader["
                + "clusterName=" + clusterName
                + ", brokerName=" + brokerName
                + ", brokerId=" + brokerId
                + ", brokerAddress=" + brokerAddress
                + ", invokeTime=" + invokeTime
                + "]";
    }
}
