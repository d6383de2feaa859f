// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** REGISTER_BROKER (103) request, broker to name server; body RegisterBrokerBody. advertisedAddresses is Bolide's own (name=host:port;...: the broker's address per client network); Apache's name server reads only its declared fields and ignores it. */
public final class RegisterBrokerRequestHeader implements CommandHeader {
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ADDR = "brokerAddr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLUSTER_NAME = "clusterName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_HA_SERVER_ADDR = "haServerAddr".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_ID = "brokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_HEARTBEAT_TIMEOUT_MILLIS = "heartbeatTimeoutMillis".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ENABLE_ACTING_MASTER = "enableActingMaster".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMPRESSED = "compressed".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BODY_CRC32 = "bodyCrc32".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ADVERTISED_ADDRESSES = "advertisedAddresses".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"brokerName", "brokerAddr", "clusterName", "haServerAddr", "brokerId"};
    private String brokerName;
    private String brokerAddr;
    private String clusterName;
    private String haServerAddr;
    private long brokerId;
    private Long heartbeatTimeoutMillis;
    private Boolean enableActingMaster;
    private boolean compressed = false;
    private Integer bodyCrc32;
    private String advertisedAddresses;

    /** An empty header. */
    public RegisterBrokerRequestHeader() {}

    /** The {@code brokerName} field (required). */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public RegisterBrokerRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code brokerAddr} field (required). */
    public String brokerAddr() {
        return brokerAddr;
    }

    /** Sets the {@code brokerAddr} field. */
    public RegisterBrokerRequestHeader brokerAddr(String value) {
        this.brokerAddr = value;
        return this;
    }

    /** The {@code clusterName} field (required). */
    public String clusterName() {
        return clusterName;
    }

    /** Sets the {@code clusterName} field. */
    public RegisterBrokerRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** The {@code haServerAddr} field (required). */
    public String haServerAddr() {
        return haServerAddr;
    }

    /** Sets the {@code haServerAddr} field. */
    public RegisterBrokerRequestHeader haServerAddr(String value) {
        this.haServerAddr = value;
        return this;
    }

    /** The {@code brokerId} field (required). */
    public long brokerId() {
        return brokerId;
    }

    /** Sets the {@code brokerId} field. */
    public RegisterBrokerRequestHeader brokerId(long value) {
        this.brokerId = value;
        return this;
    }

    /** The {@code heartbeatTimeoutMillis} field. */
    public Long heartbeatTimeoutMillis() {
        return heartbeatTimeoutMillis;
    }

    /** Sets the {@code heartbeatTimeoutMillis} field. */
    public RegisterBrokerRequestHeader heartbeatTimeoutMillis(Long value) {
        this.heartbeatTimeoutMillis = value;
        return this;
    }

    /** The {@code enableActingMaster} field. */
    public Boolean enableActingMaster() {
        return enableActingMaster;
    }

    /** Sets the {@code enableActingMaster} field. */
    public RegisterBrokerRequestHeader enableActingMaster(Boolean value) {
        this.enableActingMaster = value;
        return this;
    }

    /** The {@code compressed} field. */
    public boolean compressed() {
        return compressed;
    }

    /** Sets the {@code compressed} field. */
    public RegisterBrokerRequestHeader compressed(boolean value) {
        this.compressed = value;
        return this;
    }

    /** The {@code bodyCrc32} field. */
    public Integer bodyCrc32() {
        return bodyCrc32;
    }

    /** Sets the {@code bodyCrc32} field. */
    public RegisterBrokerRequestHeader bodyCrc32(Integer value) {
        this.bodyCrc32 = value;
        return this;
    }

    /** The {@code advertisedAddresses} field. */
    public String advertisedAddresses() {
        return advertisedAddresses;
    }

    /** Sets the {@code advertisedAddresses} field. */
    public RegisterBrokerRequestHeader advertisedAddresses(String value) {
        this.advertisedAddresses = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putString(out, KEY_BROKER_ADDR, brokerAddr);
        writer.putString(out, KEY_CLUSTER_NAME, clusterName);
        writer.putString(out, KEY_HA_SERVER_ADDR, haServerAddr);
        writer.putLong(out, KEY_BROKER_ID, brokerId);
        writer.putLong(out, KEY_HEARTBEAT_TIMEOUT_MILLIS, heartbeatTimeoutMillis);
        writer.putBoolean(out, KEY_ENABLE_ACTING_MASTER, enableActingMaster);
        writer.putBoolean(out, KEY_COMPRESSED, compressed);
        writer.putInt(out, KEY_BODY_CRC32, bodyCrc32);
        writer.putString(out, KEY_ADVERTISED_ADDRESSES, advertisedAddresses);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static RegisterBrokerRequestHeader decode(ExtFieldCursor fields) {
        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("RegisterBrokerRequestHeader: missing required field "
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
                    return 16L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_BODY_CRC32)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.bodyCrc32 = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 10:
                switch (field.keyByte(6)) {
                    case 'A':
                        if (field.keyIs(KEY_BROKER_ADDR)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.brokerAddr = value;
                            return 2L;
                        }
                        return 0L;
                    case 'N':
                        if (field.keyIs(KEY_BROKER_NAME)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.brokerName = value;
                            return 1L;
                        }
                        return 0L;
                    case 's':
                        if (field.keyIs(KEY_COMPRESSED)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.compressed = field.valueAsBoolean();
                            return 0L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
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
            case 12:
                if (field.keyIs(KEY_HA_SERVER_ADDR)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.haServerAddr = value;
                    return 8L;
                }
                return 0L;
            case 18:
                if (field.keyIs(KEY_ENABLE_ACTING_MASTER)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.enableActingMaster = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 19:
                if (field.keyIs(KEY_ADVERTISED_ADDRESSES)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.advertisedAddresses = value;
                    return 0L;
                }
                return 0L;
            case 22:
                if (field.keyIs(KEY_HEARTBEAT_TIMEOUT_MILLIS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.heartbeatTimeoutMillis = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "RegisterBrokerRequestHeader["
                + "brokerName=" + brokerName
                + ", brokerAddr=" + brokerAddr
                + ", clusterName=" + clusterName
                + ", haServerAddr=" + haServerAddr
                + ", brokerId=" + brokerId
                + ", heartbeatTimeoutMillis=" + heartbeatTimeoutMillis
                + ", enableActingMaster=" + enableActingMaster
                + ", compressed=" + compressed
                + ", bodyCrc32=" + bodyCrc32
                + ", advertisedAddresses=" + advertisedAddresses
                + "]";
    }
}
