// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CLEAN_BROKER_DATA (1011) request, operator to controller. */
public final class CleanControllerBrokerDataRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_CONTROLLER_IDS_TO_CLEAN = "brokerControllerIdsToClean".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_IS_CLEAN_LIVING_BROKER = "isCleanLivingBroker".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVOKE_TIME = "invokeTime".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"brokerName", "invokeTime"};
    private String clusterName;
    private String brokerName;
    private String brokerControllerIdsToClean;
    private boolean isCleanLivingBroker = false;
    private long invokeTime;

    /** An empty header. */
    public CleanControllerBrokerDataRequestHeader() {}

    /** The {@code clusterName} field. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public CleanControllerBrokerDataRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerName} field (required). */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public CleanControllerBrokerDataRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerControllerIdsToClean} field. */
    public String brokerControllerIdsToClean() {
        return brokerControllerIdsToClean;
    }

    /** Sets the {@code brokerControllerIdsToClean} field. */
    public CleanControllerBrokerDataRequestHeader brokerControllerIdsToClean(String value) {
        this.brokerControllerIdsToClean = value;
        return this;
    }

    /** The {@code isCleanLivingBroker} field. */
    public boolean isCleanLivingBroker() {
        return isCleanLivingBroker;
    }

    /** Sets the {@code isCleanLivingBroker} field. */
    public CleanControllerBrokerDataRequestHeader isCleanLivingBroker(boolean value) {
        this.isCleanLivingBroker = value;
        return this;
    }

    /** The {@code invokeTime} field (required). */
    public long invokeTime() {
        return invokeTime;
    }

    /** Sets the {@code invokeTime} field. */
    public CleanControllerBrokerDataRequestHeader invokeTime(long value) {
        this.invokeTime = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putString(out, KEY_BROKER_CONTROLLER_IDS_TO_CLEAN, brokerControllerIdsToClean);
        writer.putBoolean(out, KEY_IS_CLEAN_LIVING_BROKER, isCleanLivingBroker);
        writer.putLong(out, KEY_INVOKE_TIME, invokeTime);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static CleanControllerBrokerDataRequestHeader decode(ExtFieldCursor fields) {
        CleanControllerBrokerDataRequestHeader header = new CleanControllerBrokerDataRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("CleanControllerBrokerDataRequestHeader: missing required field "
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
                    return 1L;
                }
                if (field.keyIs(KEY_INVOKE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invokeTime = field.valueAsLong();
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
                    return 0L;
                }
                return 0L;
            case 19:
                if (field.keyIs(KEY_IS_CLEAN_LIVING_BROKER)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.isCleanLivingBroker = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 26:
                if (field.keyIs(KEY_BROKER_CONTROLLER_IDS_TO_CLEAN)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerControllerIdsToClean = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "CleanControllerBrokerDataRequestHeader["
                + "clusterName=" + clusterName
                + ", brokerName=" + brokerName
                + ", brokerControllerIdsToClean=" + brokerControllerIdsToClean
                + ", isCleanLivingBroker=" + isCleanLivingBroker
                + ", invokeTime=" + invokeTime
                + "]";
    }
}
