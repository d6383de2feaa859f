// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_ALL_TOPIC_CONFIG (21) request (paged). */
public final class GetAllTopicConfigRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC_SEQ = "topicSeq".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DATA_VERSION = "dataVersion".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_TOPIC_NUM = "maxTopicNum".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"topicSeq"};
    private int topicSeq;
    private String dataVersion;
    private Integer maxTopicNum;

    /** An empty header. */
    public GetAllTopicConfigRequestHeader() {}

    /** The {@code topicSeq} field (required). */
    public int topicSeq() {
        return topicSeq;
    }

    /** Sets the {@code topicSeq} field. */
    public GetAllTopicConfigRequestHeader topicSeq(int value) {
        this.topicSeq = value;
        return this;
    }

    /** The {@code dataVersion} field. */
    public String dataVersion() {
        return dataVersion;
    }

    /** Sets the {@code dataVersion} field. */
    public GetAllTopicConfigRequestHeader dataVersion(String value) {
        this.dataVersion = value;
        return this;
    }

    /** The {@code maxTopicNum} field. */
    public Integer maxTopicNum() {
        return maxTopicNum;
    }

    /** Sets the {@code maxTopicNum} field. */
    public GetAllTopicConfigRequestHeader maxTopicNum(Integer value) {
        this.maxTopicNum = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_TOPIC_SEQ, topicSeq);
        writer.putString(out, KEY_DATA_VERSION, dataVersion);
        writer.putInt(out, KEY_MAX_TOPIC_NUM, maxTopicNum);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetAllTopicConfigRequestHeader decode(ExtFieldCursor fields) {
        GetAllTopicConfigRequestHeader header = new GetAllTopicConfigRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetAllTopicConfigRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_TOPIC_SEQ)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.topicSeq = field.valueAsInt();
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
                if (field.keyIs(KEY_MAX_TOPIC_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxTopicNum = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetAllTopicConfigRequestHeader["
                + "topicSeq=" + topicSeq
                + ", dataVersion=" + dataVersion
                + ", maxTopicNum=" + maxTopicNum
                + "]";
    }
}
