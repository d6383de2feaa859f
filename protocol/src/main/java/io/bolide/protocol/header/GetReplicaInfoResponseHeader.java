// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_GET_REPLICA_INFO (1004) response; body SyncStateSet. */
public final class GetReplicaInfoResponseHeader implements CommandHeader {
    private static final byte[] KEY_MASTER_BROKER_ID = "masterBrokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_ADDRESS = "masterAddress".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MASTER_EPOCH = "masterEpoch".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private Long masterBrokerId;
    private String masterAddress;
    private Integer masterEpoch;

    /** An empty header. */
    public GetReplicaInfoResponseHeader() {}

    /** The {@code masterBrokerId} field. */
    public Long masterBrokerId() {
        return masterBrokerId;
    }

    /** Sets the {@code masterBrokerId} field. */
    public GetReplicaInfoResponseHeader masterBrokerId(Long value) {
        this.masterBrokerId = value;
        return this;
    }

    /** The {@code masterAddress} field. */
    public String masterAddress() {
        return masterAddress;
    }

    /** Sets the {@code masterAddress} field. */
    public GetReplicaInfoResponseHeader masterAddress(String value) {
        this.masterAddress = value;
        return this;
    }

    /** The {@code masterEpoch} field. */
    public Integer masterEpoch() {
        return masterEpoch;
    }

    /** Sets the {@code masterEpoch} field. */
    public GetReplicaInfoResponseHeader masterEpoch(Integer value) {
        this.masterEpoch = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_MASTER_BROKER_ID, masterBrokerId);
        writer.putString(out, KEY_MASTER_ADDRESS, masterAddress);
        writer.putInt(out, KEY_MASTER_EPOCH, masterEpoch);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetReplicaInfoResponseHeader decode(ExtFieldCursor fields) {
        GetReplicaInfoResponseHeader header = new GetReplicaInfoResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetReplicaInfoResponseHeader: missing required field "
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
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetReplicaInfoResponseHeader["
                + "masterBrokerId=" + masterBrokerId
                + ", masterAddress=" + masterAddress
                + ", masterEpoch=" + masterEpoch
                + "]";
    }
}
