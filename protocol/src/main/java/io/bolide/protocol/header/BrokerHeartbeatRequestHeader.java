// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** BROKER_HEARTBEAT (904) request (controller mode). */
public final class BrokerHeartbeatRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ADDR = "brokerAddr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ID = "brokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EPOCH = "epoch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_OFFSET = "maxOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONFIRM_OFFSET = "confirmOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_HEARTBEAT_TIMEOUT_MILLS = "heartbeatTimeoutMills".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ELECTION_PRIORITY = "electionPriority".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"clusterName", "brokerAddr", "brokerName"};
    private String clusterName;
    private String brokerAddr;
    private String brokerName;
    private Long brokerId;
    private Integer epoch;
    private Long maxOffset;
    private Long confirmOffset;
    private Long heartbeatTimeoutMills;
    private Integer electionPriority;

    /** An empty header. */
    public BrokerHeartbeatRequestHeader() {}

    /** The {@code clusterName} field (required). */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public BrokerHeartbeatRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code brokerAddr} field (required). */
    public String brokerAddr() {
        return brokerAddr;
    }

    /** Sets the {@code brokerAddr} field. */
    public BrokerHeartbeatRequestHeader brokerAddr(String value) {
        this.brokerAddr = value;
        return this;
    }

    /** The {@code brokerName} field (required). */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public BrokerHeartbeatRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerId} field. */
    public Long brokerId() {
        return brokerId;
    }

    /** Sets the {@code brokerId} field. */
    public BrokerHeartbeatRequestHeader brokerId(Long value) {
        this.brokerId = value;
        return this;
    }

    /** The {@code epoch} field. */
    public Integer epoch() {
        return epoch;
    }

    /** Sets the {@code epoch} field. */
    public BrokerHeartbeatRequestHeader epoch(Integer value) {
        this.epoch = value;
        return this;
    }

    /** The {@code maxOffset} field. */
    public Long maxOffset() {
        return maxOffset;
    }

    /** Sets the {@code maxOffset} field. */
    public BrokerHeartbeatRequestHeader maxOffset(Long value) {
        this.maxOffset = value;
        return this;
    }

    /** The {@code confirmOffset} field. */
    public Long confirmOffset() {
        return confirmOffset;
    }

    /** Sets the {@code confirmOffset} field. */
    public BrokerHeartbeatRequestHeader confirmOffset(Long value) {
        this.confirmOffset = value;
        return this;
    }

    /** The {@code heartbeatTimeoutMills} field. */
    public Long heartbeatTimeoutMills() {
        return heartbeatTimeoutMills;
    }

    /** Sets the {@code heartbeatTimeoutMills} field. */
    public BrokerHeartbeatRequestHeader heartbeatTimeoutMills(Long value) {
        this.heartbeatTimeoutMills = value;
        return this;
    }

    /** The {@code electionPriority} field. */
    public Integer electionPriority() {
        return electionPriority;
    }

    /** Sets the {@code electionPriority} field. */
    public BrokerHeartbeatRequestHeader electionPriority(Integer value) {
        this.electionPriority = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_BROKER_ADDR, brokerAddr);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putLong(out, KEY_BROKER_ID, brokerId);
        writer.putInt(out, KEY_EPOCH, epoch);
        writer.putLong(out, KEY_MAX_OFFSET, maxOffset);
        writer.putLong(out, KEY_CONFIRM_OFFSET, confirmOffset);
        writer.putLong(out, KEY_HEARTBEAT_TIMEOUT_MILLS, heartbeatTimeoutMills);
        writer.putInt(out, KEY_ELECTION_PRIORITY, electionPriority);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static BrokerHeartbeatRequestHeader decode(ExtFieldCursor fields) {
        BrokerHeartbeatRequestHeader header = new BrokerHeartbeatRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("BrokerHeartbeatRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_EPOCH)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.epoch = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_BROKER_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.brokerId = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_MAX_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxOffset = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_BROKER_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerAddr = value;
                    return 2L;
                }
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 4L;
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
            case 13:
                if (field.keyIs(KEY_CONFIRM_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.confirmOffset = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 16:
                if (field.keyIs(KEY_ELECTION_PRIORITY)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.electionPriority = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 21:
                if (field.keyIs(KEY_HEARTBEAT_TIMEOUT_MILLS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.heartbeatTimeoutMills = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "BrokerHeartbeatRequestHeader["
                + "clusterName=" + clusterName
                + ", brokerAddr=" + brokerAddr
                + ", brokerName=" + brokerName
                + ", brokerId=" + brokerId
                + ", epoch=" + epoch
                + ", maxOffset=" + maxOffset
                + ", confirmOffset=" + confirmOffset
                + ", heartbeatTimeoutMills=" + heartbeatTimeoutMills
                + ", electionPriority=" + electionPriority
                + "]";
    }
}
