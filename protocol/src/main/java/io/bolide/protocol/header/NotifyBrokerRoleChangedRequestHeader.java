// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** NOTIFY_BROKER_ROLE_CHANGED (1008) request, controller to broker: the group's master and epochs after an election; body SyncStateSet. */
public final class NotifyBrokerRoleChangedRequestHeader implements CommandHeader {
    private static final byte[] KEY_MASTER_ADDRESS = "masterAddress".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_EPOCH = "masterEpoch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SYNC_STATE_SET_EPOCH = "syncStateSetEpoch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_BROKER_ID = "masterBrokerId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String masterAddress;
    private Integer masterEpoch;
    private Integer syncStateSetEpoch;
    private Long masterBrokerId;

    /** An empty header. */
    public NotifyBrokerRoleChangedRequestHeader() {}

    /** The {@code masterAddress} field. */
    public String masterAddress() {
        return masterAddress;
    }

    /** Sets the {@code masterAddress} field. */
    public NotifyBrokerRoleChangedRequestHeader masterAddress(String value) {
        this.masterAddress = value;
        return this;
    }

    /** The {@code masterEpoch} field. */
    public Integer masterEpoch() {
        return masterEpoch;
    }

    /** Sets the {@code masterEpoch} field. */
    public NotifyBrokerRoleChangedRequestHeader masterEpoch(Integer value) {
        this.masterEpoch = value;
        return this;
    }

    /** The {@code syncStateSetEpoch} field. */
    public Integer syncStateSetEpoch() {
        return syncStateSetEpoch;
    }

    /** Sets the {@code syncStateSetEpoch} field. */
    public NotifyBrokerRoleChangedRequestHeader syncStateSetEpoch(Integer value) {
        this.syncStateSetEpoch = value;
        return this;
    }

    /** The {@code masterBrokerId} field. */
    public Long masterBrokerId() {
        return masterBrokerId;
    }

    /** Sets the {@code masterBrokerId} field. */
    public NotifyBrokerRoleChangedRequestHeader masterBrokerId(Long value) {
        this.masterBrokerId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_MASTER_ADDRESS, masterAddress);
        writer.putInt(out, KEY_MASTER_EPOCH, masterEpoch);
        writer.putInt(out, KEY_SYNC_STATE_SET_EPOCH, syncStateSetEpoch);
        writer.putLong(out, KEY_MASTER_BROKER_ID, masterBrokerId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static NotifyBrokerRoleChangedRequestHeader decode(ExtFieldCursor fields) {
        NotifyBrokerRoleChangedRequestHeader header = new NotifyBrokerRoleChangedRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("NotifyBrokerRoleChangedRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 11:
                if (field.keyIs(KEY_MASTER_EPOCH)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.masterEpoch = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_MASTER_ADDRESS)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.masterAddress = value;
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
            case 17:
                if (field.keyIs(KEY_SYNC_STATE_SET_EPOCH)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.syncStateSetEpoch = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "NotifyBrokerRoleChangedRequestHeader["
                + "masterAddress=" + masterAddress
                + ", masterEpoch=" + masterEpoch
                + ", syncStateSetEpoch=" + syncStateSetEpoch
                + ", masterBrokerId=" + masterBrokerId
                + "]";
    }
}
