// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONTROLLER_GET_METADATA_INFO (1005) response: the controller group and its leader. */
public final class GetMetaDataResponseHeader implements CommandHeader {
    private static final byte[] KEY_GROUP = "group".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONTROLLER_LEADER_ID = "controllerLeaderId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONTROLLER_LEADER_ADDRESS = "controllerLeaderAddress".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_IS_LEADER = "isLeader".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PEERS = "peers".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String group;
    private String controllerLeaderId;
    private String controllerLeaderAddress;
    private boolean isLeader = false;
    private String peers;

    /** An empty header. */
    public GetMetaDataResponseHeader() {}

    /** The {@code group} field. */
    public String group() {
        return group;
    }

    /** Sets the {@code group} field. */
    public GetMetaDataResponseHeader group(String value) {
        this.group = value;
        return this;
    }

    /** The {@code controllerLeaderId} field. */
    public String controllerLeaderId() {
        return controllerLeaderId;
    }

    /** Sets the {@code controllerLeaderId} field. */
    public GetMetaDataResponseHeader controllerLeaderId(String value) {
        this.controllerLeaderId = value;
        return this;
    }

    /** The {@code controllerLeaderAddress} field. */
    public String controllerLeaderAddress() {
        return controllerLeaderAddress;
    }

    /** Sets the {@code controllerLeaderAddress} field. */
    public GetMetaDataResponseHeader controllerLeaderAddress(String value) {
        this.controllerLeaderAddress = value;
        return this;
    }

    /** The {@code isLeader} field. */
    public boolean isLeader() {
        return isLeader;
    }

    /** Sets the {@code isLeader} field. */
    public GetMetaDataResponseHeader isLeader(boolean value) {
        this.isLeader = value;
        return this;
    }

    /** The {@code peers} field. */
    public String peers() {
        return peers;
    }

    /** Sets the {@code peers} field. */
    public GetMetaDataResponseHeader peers(String value) {
        this.peers = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_GROUP, group);
        writer.putString(out, KEY_CONTROLLER_LEADER_ID, controllerLeaderId);
        writer.putString(out, KEY_CONTROLLER_LEADER_ADDRESS, controllerLeaderAddress);
        writer.putBoolean(out, KEY_IS_LEADER, isLeader);
        writer.putString(out, KEY_PEERS, peers);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetMetaDataResponseHeader decode(ExtFieldCursor fields) {
        GetMetaDataResponseHeader header = new GetMetaDataResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetMetaDataResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.group = value;
                    return 0L;
                }
                if (field.keyIs(KEY_PEERS)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.peers = value;
                    return 0L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_IS_LEADER)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.isLeader = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 18:
                if (field.keyIs(KEY_CONTROLLER_LEADER_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.controllerLeaderId = value;
                    return 0L;
                }
                return 0L;
            case 23:
                if (field.keyIs(KEY_CONTROLLER_LEADER_ADDRESS)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.controllerLeaderAddress = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetMetaDataResponseHeader["
                + "group=" + group
                + ", controllerLeaderId=" + controllerLeaderId
                + ", controllerLeaderAddress=" + controllerLeaderAddress
                + ", isLeader=" + isLeader
                + ", peers=" + peers
                + "]";
    }
}
