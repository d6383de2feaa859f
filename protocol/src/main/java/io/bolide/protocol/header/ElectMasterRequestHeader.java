// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_ELECT_MASTER (1002) request, broker or operator to controller. */
public final class ElectMasterRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ID = "brokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DESIGNATE_ELECT = "designateElect".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVOKE_TIME = "invokeTime".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"clusterName", "brokerName", "brokerId", "designateElect", "invokeTime"};
    private String clusterName;
    private String brokerName;
    private long brokerId;
    private boolean designateElect;
    private long invokeTime;

    /** An empty header. */
    public ElectMasterRequestHeader() {}

    /** The {@code clusterName} field (required). */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public ElectMasterRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerName} field (required). */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public ElectMasterRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerId} field (required). */
    public long brokerId() {
        return brokerId;
    }

    /** Sets the {@code brokerId} field. */
    public ElectMasterRequestHeader brokerId(long value) {
        this.brokerId = value;
        return this;
    }

    /** The {@code designateElect} field (required). */
    public boolean designateElect() {
        return designateElect;
    }

    /** Sets the {@code designateElect} field. */
    public ElectMasterRequestHeader designateElect(boolean value) {
        this.designateElect = value;
        return this;
    }

    /** The {@code invokeTime} field (required). */
    public long invokeTime() {
        return invokeTime;
    }

    /** Sets the {@code invokeTime} field. */
    public ElectMasterRequestHeader invokeTime(long value) {
        this.invokeTime = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putLong(out, KEY_BROKER_ID, brokerId);
        writer.putBoolean(out, KEY_DESIGNATE_ELECT, designateElect);
        writer.putLong(out, KEY_INVOKE_TIME, invokeTime);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ElectMasterRequestHeader decode(ExtFieldCursor fields) {
        ElectMasterRequestHeader header = new ElectMasterRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ElectMasterRequestHeader: missing required field "
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
                    return 4L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 2L;
                }
                if (field.keyIs(KEY_INVOKE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invokeTime = field.valueAsLong();
                    return 16L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_CLUSTER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clusterName = value;
                    return 1L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_DESIGNATE_ELECT)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.designateElect = field.valueAsBoolean();
                    return 8L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ElectMasterRequestHeader["
                + "clusterName=" + clusterName
                + ", brokerName=" + brokerName
                + ", brokerId=" + brokerId
                + ", designateElect=" + designateElect
                + ", invokeTime=" + invokeTime
                + "]";
    }
}
