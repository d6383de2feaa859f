// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_APPLY_BROKER_ID (1013) request. */
public final class ApplyBrokerIdRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_APPLIED_BROKER_ID = "appliedBrokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_REGISTER_CHECK_CODE = "registerCheckCode".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String clusterName;
    private String brokerName;
    private Long appliedBrokerId;
    private String registerCheckCode;

    /** An empty header. */
    public ApplyBrokerIdRequestHeader() {}

    /** The {@code clusterName} field. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public ApplyBrokerIdRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerName} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public ApplyBrokerIdRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code appliedBrokerId} field. */
    public Long appliedBrokerId() {
        return appliedBrokerId;
    }

    /** Sets the {@code appliedBrokerId} field. */
    public ApplyBrokerIdRequestHeader appliedBrokerId(Long value) {
        this.appliedBrokerId = value;
        return this;
    }

    /** The {@code registerCheckCode} field. */
    public String registerCheckCode() {
        return registerCheckCode;
    }

    /** Sets the {@code registerCheckCode} field. */
    public ApplyBrokerIdRequestHeader registerCheckCode(String value) {
        this.registerCheckCode = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putLong(out, KEY_APPLIED_BROKER_ID, appliedBrokerId);
        writer.putString(out, KEY_REGISTER_CHECK_CODE, registerCheckCode);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ApplyBrokerIdRequestHeader decode(ExtFieldCursor fields) {
        ApplyBrokerIdRequestHeader header = new ApplyBrokerIdRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ApplyBrokerIdRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 10:
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
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
            case 15:
                if (field.keyIs(KEY_APPLIED_BROKER_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.appliedBrokerId = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 17:
                if (field.keyIs(KEY_REGISTER_CHECK_CODE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.registerCheckCode = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ApplyBrokerIdRequestHeader["
                + "clusterName=" + clusterName
                + ", brokerName=" + brokerName
                + ", appliedBrokerId=" + appliedBrokerId
                + ", registerCheckCode=" + registerCheckCode
                + "]";
    }
}
