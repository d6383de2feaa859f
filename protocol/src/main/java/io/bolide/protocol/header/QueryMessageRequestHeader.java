// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** QUERY_MESSAGE (12) request; the client adds the ext key _UNIQUE_KEY_QUERY. */
public final class QueryMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_KEY = "key".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_NUM = "maxNum".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BEGIN_TIMESTAMP = "beginTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_END_TIMESTAMP = "endTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INDEX_TYPE = "indexType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LAST_KEY = "lastKey".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"topic", "key", "maxNum", "beginTimestamp", "endTimestamp"};
    private String topic;
    private String key;
    private int maxNum;
    private long beginTimestamp;
    private long endTimestamp;
    private String indexType;
    private String lastKey;
    private Boolean uniqueKeyQuery;

    /** An empty header. */
    public QueryMessageRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public QueryMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code key} field (required). */
    public String key() {
        return key;
    }

    /** Sets the {@code key} field. */
    public QueryMessageRequestHeader key(String value) {
        this.key = value;
        return this;
    }

    /** The {@code maxNum} field (required). */
    public int maxNum() {
        return maxNum;
    }

    /** Sets the {@code maxNum} field. */
    public QueryMessageRequestHeader maxNum(int value) {
        this.maxNum = value;
        return this;
    }

    /** The {@code beginTimestamp} field (required). */
    public long beginTimestamp() {
        return beginTimestamp;
    }

    /** Sets the {@code beginTimestamp} field. */
    public QueryMessageRequestHeader beginTimestamp(long value) {
        this.beginTimestamp = value;
        return this;
    }

    /** The {@code endTimestamp} field (required). */
    public long endTimestamp() {
        return endTimestamp;
    }

    /** Sets the {@code endTimestamp} field. */
    public QueryMessageRequestHeader endTimestamp(long value) {
        this.endTimestamp = value;
        return this;
    }

    /** The {@code indexType} field. */
    public String indexType() {
        return indexType;
    }

    /** Sets the {@code indexType} field. */
    public QueryMessageRequestHeader indexType(String value) {
        this.indexType = value;
        return this;
    }

    /** The {@code lastKey} field. */
    public String lastKey() {
        return lastKey;
    }

    /** Sets the {@code lastKey} field. */
    public QueryMessageRequestHeader lastKey(String value) {
        this.lastKey = value;
        return this;
    }

    /** The {@code _UNIQUE_KEY_QUERY} field. */
    public Boolean uniqueKeyQuery() {
        return uniqueKeyQuery;
    }

    /** Sets the {@code _UNIQUE_KEY_QUERY} field. */
    public QueryMessageRequestHeader uniqueKeyQuery(Boolean value) {
        this.uniqueKeyQuery = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_KEY, key);
        writer.putLong(out, KEY_MAX_NUM, maxNum);
        writer.putLong(out, KEY_BEGIN_TIMESTAMP, beginTimestamp);
        writer.putLong(out, KEY_END_TIMESTAMP, endTimestamp);
        writer.putString(out, KEY_INDEX_TYPE, indexType);
        writer.putString(out, KEY_LAST_KEY, lastKey);
        writer.putBoolean(out, KEY_UNIQUE_KEY_QUERY, uniqueKeyQuery);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static QueryMessageRequestHeader decode(ExtFieldCursor fields) {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("QueryMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 3:
                if (field.keyIs(KEY_KEY)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.key = value;
                    return 2L;
                }
                return 0L;
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 1L;
                }
                return 0L;
            case 6:
                if (field.keyIs(KEY_MAX_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxNum = field.valueAsInt();
                    return 4L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_LAST_KEY)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.lastKey = value;
                    return 0L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_INDEX_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.indexType = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_END_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.endTimestamp = field.valueAsLong();
                    return 16L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_BEGIN_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.beginTimestamp = field.valueAsLong();
                    return 8L;
                }
                return 0L;
            case 17:
                if (field.keyIs(KEY_UNIQUE_KEY_QUERY)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.uniqueKeyQuery = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "QueryMessageRequestHeader["
                + "topic=" + topic
                + ", key=" + key
                + ", maxNum=" + maxNum
                + ", beginTimestamp=" + beginTimestamp
                + ", endTimestamp=" + endTimestamp
                + ", indexType=" + indexType
                + ", lastKey=" + lastKey
                + ", uniqueKeyQuery=" + uniqueKeyQuery
                + "]";
    }
}
