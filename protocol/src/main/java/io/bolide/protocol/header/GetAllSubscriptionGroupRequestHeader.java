// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201) request (paged). */
public final class GetAllSubscriptionGroupRequestHeader implements CommandHeader {
    private static final byte[] KEY_GROUP_SEQ = "groupSeq".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DATA_VERSION = "dataVersion".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_GROUP_NUM = "maxGroupNum".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"groupSeq"};
    private int groupSeq;
    private String dataVersion;
    private Integer maxGroupNum;

    /** An empty header. */
    public GetAllSubscriptionGroupRequestHeader() {}

    /** The {@code groupSeq} field (required). */
    public int groupSeq() {
        return groupSeq;
    }

    /** Sets the {@code groupSeq} field. */
    public GetAllSubscriptionGroupRequestHeader groupSeq(int value) {
        this.groupSeq = value;
        return this;
    }

    /** The {@code dataVersion} field. */
    public String dataVersion() {
        return dataVersion;
    }

    /** Sets the {@code dataVersion} field. */
    public GetAllSubscriptionGroupRequestHeader dataVersion(String value) {
        this.dataVersion = value;
        return this;
    }

    /** The {@code maxGroupNum} field. */
    public Integer maxGroupNum() {
        return maxGroupNum;
    }

    /** Sets the {@code maxGroupNum} field. */
    public GetAllSubscriptionGroupRequestHeader maxGroupNum(Integer value) {
        this.maxGroupNum = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_GROUP_SEQ, groupSeq);
        writer.putString(out, KEY_DATA_VERSION, dataVersion);
        writer.putInt(out, KEY_MAX_GROUP_NUM, maxGroupNum);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetAllSubscriptionGroupRequestHeader decode(ExtFieldCursor fields) {
        GetAllSubscriptionGroupRequestHeader header = new GetAllSubscriptionGroupRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetAllSubscriptionGroupRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_GROUP_SEQ)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.groupSeq = field.valueAsInt();
                    return 1L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_DATA_VERSION)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.dataVersion = value;
                    return 0L;
                }
                if (field.keyIs(KEY_MAX_GROUP_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxGroupNum = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetAllSubscriptionGroupRequestHeader["
                + "groupSeq=" + groupSeq
                + ", dataVersion=" + dataVersion
                + ", maxGroupNum=" + maxGroupNum
                + "]";
    }
}
