// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** QUERY_CONSUME_QUEUE (321) request. */
public final class QueryConsumeQueueRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INDEX = "index".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COUNT = "count".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"queueId", "index", "count"};
    private String topic;
    private int queueId;
    private long index;
    private int count;
    private String consumerGroup;

    /** An empty header. */
    public QueryConsumeQueueRequestHeader() {}

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public QueryConsumeQueueRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public QueryConsumeQueueRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code index} field (required). */
    public long index() {
        return index;
    }

    /** Sets the {@code index} field. */
    public QueryConsumeQueueRequestHeader index(long value) {
        this.index = value;
        return this;
    }

    /** The {@code count} field (required). */
    public int count() {
        return count;
    }

    /** Sets the {@code count} field. */
    public QueryConsumeQueueRequestHeader count(int value) {
        this.count = value;
        return this;
    }

    /** The {@code consumerGroup} field. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public QueryConsumeQueueRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_INDEX, index);
        writer.putLong(out, KEY_COUNT, count);
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static QueryConsumeQueueRequestHeader decode(ExtFieldCursor fields) {
        QueryConsumeQueueRequestHeader header = new QueryConsumeQueueRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("QueryConsumeQueueRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                switch (field.keyByte(0)) {
                    case 'c':
                        if (field.keyIs(KEY_COUNT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.count = field.valueAsInt();
                            return 4L;
                        }
                        return 0L;
                    case 'i':
                        if (field.keyIs(KEY_INDEX)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.index = field.valueAsLong();
                            return 2L;
                        }
                        return 0L;
                    case 't':
                        if (field.keyIs(KEY_TOPIC)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.topic = value;
                            return 0L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 1L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "QueryConsumeQueueRequestHeader["
                + "topic=" + topic
                + ", queueId=" + queueId
                + ", index=" + index
                + ", count=" + count
                + ", consumerGroup=" + consumerGroup
                + "]";
    }
}
