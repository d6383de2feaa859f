// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_ALTER_SYNC_STATE_SET (1001) request, master to controller; body SyncStateSet (the new set and the SyncStateSet epoch the master last saw). */
public final class AlterSyncStateSetRequestHeader implements CommandHeader {
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_BROKER_ID = "masterBrokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_EPOCH = "masterEpoch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVOKE_TIME = "invokeTime".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"invokeTime"};
    private String brokerName;
    private Long masterBrokerId;
    private Integer masterEpoch;
    private long invokeTime;

    /** An empty header. */
    public AlterSyncStateSetRequestHeader() {}

    /** The {@code brokerName} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public AlterSyncStateSetRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code masterBrokerId} field. */
    public Long masterBrokerId() {
        return masterBrokerId;
    }

    /** Sets the {@code masterBrokerId} field. */
    public AlterSyncStateSetRequestHeader masterBrokerId(Long value) {
        this.masterBrokerId = value;
        return this;
    }

    /** The {@code masterEpoch} field. */
    public Integer masterEpoch() {
        return masterEpoch;
    }

    /** Sets the {@code masterEpoch} field. */
    public AlterSyncStateSetRequestHeader masterEpoch(Integer value) {
        this.masterEpoch = value;
        return this;
    }

    /** The {@code invokeTime} field (required). */
    public long invokeTime() {
        return invokeTime;
    }

    /** Sets the {@code invokeTime} field. */
    public AlterSyncStateSetRequestHeader invokeTime(long value) {
        this.invokeTime = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putLong(out, KEY_MASTER_BROKER_ID, masterBrokerId);
        writer.putInt(out, KEY_MASTER_EPOCH, masterEpoch);
        writer.putLong(out, KEY_INVOKE_TIME, invokeTime);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static AlterSyncStateSetRequestHeader decode(ExtFieldCursor fields) {
        AlterSyncStateSetRequestHeader header = new AlterSyncStateSetRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("AlterSyncStateSetRequestHeader: missing required field "
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
                if (field.keyIs(KEY_INVOKE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invokeTime = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_MASTER_EPOCH)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.masterEpoch = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_MASTER_BROKER_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.masterBrokerId = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "AlterSyncStateSetRequestHeader["
                + "brokerName=" + brokerName
                + ", masterBrokerId=" + masterBrokerId
                + ", masterEpoch=" + masterEpoch
                + ", invokeTime=" + invokeTime
                + "]";
    }
}
