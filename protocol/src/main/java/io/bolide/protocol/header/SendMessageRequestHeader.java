// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** SEND_MESSAGE (10) with long keys; SEND_MESSAGE_V2 (310), SEND_BATCH_MESSAGE (320) and SEND_REPLY_MESSAGE_V2 (325) with the single-letter keys. One object, two wire forms. */
public final class SendMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_PRODUCER_GROUP = "producerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PRODUCER_GROUP_SHORT = "a".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC_SHORT = "b".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC = "defaultTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC_SHORT = "c".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC_QUEUE_NUMS = "defaultTopicQueueNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC_QUEUE_NUMS_SHORT = "d".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID_SHORT = "e".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SYS_FLAG = "sysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SYS_FLAG_SHORT = "f".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIMESTAMP = "bornTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIMESTAMP_SHORT = "g".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FLAG = "flag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FLAG_SHORT = "h".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PROPERTIES = "properties".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PROPERTIES_SHORT = "i".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RECONSUME_TIMES = "reconsumeTimes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RECONSUME_TIMES_SHORT = "j".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_UNIT_MODE = "unitMode".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_UNIT_MODE_SHORT = "k".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_RECONSUME_TIMES = "maxReconsumeTimes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_RECONSUME_TIMES_SHORT = "l".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BATCH = "batch".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BATCH_SHORT = "m".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME_SHORT = "n".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 255L;
    private static final String[] REQUIRED_KEYS = {"producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums", "queueId", "sysFlag", "bornTimestamp", "flag"};
    private String producerGroup;
    private String topic;
    private String defaultTopic;
    private int defaultTopicQueueNums;
    private int queueId;
    private int sysFlag;
    private long bornTimestamp;
    private int flag;
    private String properties;
    private Integer reconsumeTimes;
    private Boolean unitMode;
    private Integer maxReconsumeTimes;
    private Boolean batch;
    private String brokerName;
    private boolean shortKeys;

    /** An empty header. */
    public SendMessageRequestHeader() {}

    /** The {@code producerGroup} field (required). */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the {@code producerGroup} field. */
    public SendMessageRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public SendMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code defaultTopic} field (required). */
    public String defaultTopic() {
        return defaultTopic;
    }

    /** Sets the {@code defaultTopic} field. */
    public SendMessageRequestHeader defaultTopic(String value) {
        this.defaultTopic = value;
        return this;
    }

    /** The {@code defaultTopicQueueNums} field (required). */
    public int defaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    /** Sets the {@code defaultTopicQueueNums} field. */
    public SendMessageRequestHeader defaultTopicQueueNums(int value) {
        this.defaultTopicQueueNums = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public SendMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code sysFlag} field (required). */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the {@code sysFlag} field. */
    public SendMessageRequestHeader sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** The {@code bornTimestamp} field (required). */
    public long bornTimestamp() {
        return bornTimestamp;
    }

    /** Sets the {@code bornTimestamp} field. */
    public SendMessageRequestHeader bornTimestamp(long value) {
        this.bornTimestamp = value;
        return this;
    }

    /** The {@code flag} field (required). */
    public int flag() {
        return flag;
    }

    /** Sets the {@code flag} field. */
    public SendMessageRequestHeader flag(int value) {
        this.flag = value;
        return this;
    }

    /** The {@code properties} field. */
    public String properties() {
        return properties;
    }

    /** Sets the {@code properties} field. */
    public SendMessageRequestHeader properties(String value) {
        this.properties = value;
        return this;
    }

    /** The {@code reconsumeTimes} field. */
    public Integer reconsumeTimes() {
        return reconsumeTimes;
    }

    /** Sets the {@code reconsumeTimes} field. */
    public SendMessageRequestHeader reconsumeTimes(Integer value) {
        this.reconsumeTimes = value;
        return this;
    }

    /** The {@code unitMode} field. */
    public Boolean unitMode() {
        return unitMode;
    }

    /** Sets the {@code unitMode} field. */
    public SendMessageRequestHeader unitMode(Boolean value) {
        this.unitMode = value;
        return this;
    }

    /** The {@code maxReconsumeTimes} field. */
    public Integer maxReconsumeTimes() {
        return maxReconsumeTimes;
    }

    /** Sets the {@code maxReconsumeTimes} field. */
    public SendMessageRequestHeader maxReconsumeTimes(Integer value) {
        this.maxReconsumeTimes = value;
        return this;
    }

    /** The {@code batch} field. */
    public Boolean batch() {
        return batch;
    }

    /** Sets the {@code batch} field. */
    public SendMessageRequestHeader batch(Boolean value) {
        this.batch = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public SendMessageRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** Whether {@link #encode} writes the single-letter keys (SEND_MESSAGE_V2 form). */
    public boolean shortKeys() {
        return shortKeys;
    }

    /** Chooses the single-letter keys (true) or the long names (false) for encoding. */
    public SendMessageRequestHeader shortKeys(boolean value) {
        this.shortKeys = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, shortKeys ? KEY_PRODUCER_GROUP_SHORT : KEY_PRODUCER_GROUP, producerGroup);
        writer.putString(out, shortKeys ? KEY_TOPIC_SHORT : KEY_TOPIC, topic);
        writer.putString(out, shortKeys ? KEY_DEFAULT_TOPIC_SHORT : KEY_DEFAULT_TOPIC, defaultTopic);
        writer.putLong(out, shortKeys ? KEY_DEFAULT_TOPIC_QUEUE_NUMS_SHORT : KEY_DEFAULT_TOPIC_QUEUE_NUMS, defaultTopicQueueNums);
        writer.putLong(out, shortKeys ? KEY_QUEUE_ID_SHORT : KEY_QUEUE_ID, queueId);
        writer.putLong(out, shortKeys ? KEY_SYS_FLAG_SHORT : KEY_SYS_FLAG, sysFlag);
        writer.putLong(out, shortKeys ? KEY_BORN_TIMESTAMP_SHORT : KEY_BORN_TIMESTAMP, bornTimestamp);
        writer.putLong(out, shortKeys ? KEY_FLAG_SHORT : KEY_FLAG, flag);
        writer.putString(out, shortKeys ? KEY_PROPERTIES_SHORT : KEY_PROPERTIES, properties);
        writer.putInt(out, shortKeys ? KEY_RECONSUME_TIMES_SHORT : KEY_RECONSUME_TIMES, reconsumeTimes);
        writer.putBoolean(out, shortKeys ? KEY_UNIT_MODE_SHORT : KEY_UNIT_MODE, unitMode);
        writer.putInt(out, shortKeys ? KEY_MAX_RECONSUME_TIMES_SHORT : KEY_MAX_RECONSUME_TIMES, maxReconsumeTimes);
        writer.putBoolean(out, shortKeys ? KEY_BATCH_SHORT : KEY_BATCH, batch);
        writer.putString(out, shortKeys ? KEY_BROKER_NAME_SHORT : KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}, long or single-letter keys alike.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static SendMessageRequestHeader decode(ExtFieldCursor fields) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("SendMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 1:
                switch (field.keyByte(0)) {
                    case 'a':
                        return field.keyIs(KEY_PRODUCER_GROUP_SHORT) ? readProducerGroup(field) : 0L;
                    case 'b':
                        return field.keyIs(KEY_TOPIC_SHORT) ? readTopic(field) : 0L;
                    case 'c':
                        return field.keyIs(KEY_DEFAULT_TOPIC_SHORT) ? readDefaultTopic(field) : 0L;
                    case 'd':
                        return field.keyIs(KEY_DEFAULT_TOPIC_QUEUE_NUMS_SHORT) ? readDefaultTopicQueueNums(field) : 0L;
                    case 'e':
                        return field.keyIs(KEY_QUEUE_ID_SHORT) ? readQueueId(field) : 0L;
                    case 'f':
                        return field.keyIs(KEY_SYS_FLAG_SHORT) ? readSysFlag(field) : 0L;
                    case 'g':
                        return field.keyIs(KEY_BORN_TIMESTAMP_SHORT) ? readBornTimestamp(field) : 0L;
                    case 'h':
                        return field.keyIs(KEY_FLAG_SHORT) ? readFlag(field) : 0L;
                    case 'i':
                        return field.keyIs(KEY_PROPERTIES_SHORT) ? readProperties(field) : 0L;
                    case 'j':
                        return field.keyIs(KEY_RECONSUME_TIMES_SHORT) ? readReconsumeTimes(field) : 0L;
                    case 'k':
                        return field.keyIs(KEY_UNIT_MODE_SHORT) ? readUnitMode(field) : 0L;
                    case 'l':
                        return field.keyIs(KEY_MAX_RECONSUME_TIMES_SHORT) ? readMaxReconsumeTimes(field) : 0L;
                    case 'm':
                        return field.keyIs(KEY_BATCH_SHORT) ? readBatch(field) : 0L;
                    case 'n':
                        return field.keyIs(KEY_BROKER_NAME_SHORT) ? readBrokerName(field) : 0L;
                    default:
                        return 0L;
                }
            case 4:
                return field.keyIs(KEY_FLAG) ? readFlag(field) : 0L;
            case 5:
                switch (field.keyByte(1)) {
                    case 'a':
                        return field.keyIs(KEY_BATCH) ? readBatch(field) : 0L;
                    case 'n':
                        return field.keyIs(KEY_BROKER_NAME) ? readBrokerName(field) : 0L;
                    case 'o':
                        return field.keyIs(KEY_TOPIC) ? readTopic(field) : 0L;
                    default:
                        return 0L;
                }
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    return readQueueId(field);
                }
                if (field.keyIs(KEY_SYS_FLAG)) {
                    return readSysFlag(field);
                }
                return 0L;
            case 8:
                return field.keyIs(KEY_UNIT_MODE) ? readUnitMode(field) : 0L;
            case 10:
                return field.keyIs(KEY_PROPERTIES) ? readProperties(field) : 0L;
            case 12:
                return field.keyIs(KEY_DEFAULT_TOPIC) ? readDefaultTopic(field) : 0L;
            case 13:
                if (field.keyIs(KEY_PRODUCER_GROUP)) {
                    return readProducerGroup(field);
                }
                if (field.keyIs(KEY_BORN_TIMESTAMP)) {
                    return readBornTimestamp(field);
                }
                return 0L;
            case 14:
                return field.keyIs(KEY_RECONSUME_TIMES) ? readReconsumeTimes(field) : 0L;
            case 17:
                return field.keyIs(KEY_MAX_RECONSUME_TIMES) ? readMaxReconsumeTimes(field) : 0L;
            case 21:
                return field.keyIs(KEY_DEFAULT_TOPIC_QUEUE_NUMS) ? readDefaultTopicQueueNums(field) : 0L;
            default:
                return 0L;
        }
    }

    private long readProducerGroup(ExtFieldCursor field) {
        String value = field.valueAsString();
        if (value == null) {
            return 0L;
        }
        this.producerGroup = value;
        return 1L;
    }

    private long readTopic(ExtFieldCursor field) {
        String value = field.valueAsString();
        if (value == null) {
            return 0L;
        }
        this.topic = value;
        return 2L;
    }

    private long readDefaultTopic(ExtFieldCursor field) {
        String value = field.valueAsString();
        if (value == null) {
            return 0L;
        }
        this.defaultTopic = value;
        return 4L;
    }

    private long readDefaultTopicQueueNums(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.defaultTopicQueueNums = field.valueAsInt();
        return 8L;
    }

    private long readQueueId(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.queueId = field.valueAsInt();
        return 16L;
    }

    private long readSysFlag(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.sysFlag = field.valueAsInt();
        return 32L;
    }

    private long readBornTimestamp(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.bornTimestamp = field.valueAsLong();
        return 64L;
    }

    private long readFlag(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.flag = field.valueAsInt();
        return 128L;
    }

    private long readProperties(ExtFieldCursor field) {
        String value = field.valueAsString();
        if (value == null) {
            return 0L;
        }
        this.properties = value;
        return 0L;
    }

    private long readReconsumeTimes(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.reconsumeTimes = field.valueAsInt();
        return 0L;
    }

    private long readUnitMode(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.unitMode = field.valueAsBoolean();
        return 0L;
    }

    private long readMaxReconsumeTimes(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.maxReconsumeTimes = field.valueAsInt();
        return 0L;
    }

    private long readBatch(ExtFieldCursor field) {
        if (field.valueIsAbsent()) {
            return 0L;
        }
        this.batch = field.valueAsBoolean();
        return 0L;
    }

    private long readBrokerName(ExtFieldCursor field) {
        String value = field.valueAsString();
        if (value == null) {
            return 0L;
        }
        this.brokerName = value;
        return 0L;
    }

    @Override
    public String toString() {
        return "SendMessageRequestHeader["
                + "producerGroup=" + producerGroup
                + ", topic=" + topic
                + ", defaultTopic=" + defaultTopic
                + ", defaultTopicQueueNums=" + defaultTopicQueueNums
                + ", queueId=" + queueId
                + ", sysFlag=" + sysFlag
                + ", bornTimestamp=" + bornTimestamp
                + ", flag=" + flag
                + ", properties=" + properties
                + ", reconsumeTimes=" + reconsumeTimes
                + ", unitMode=" + unitMode
                + ", maxReconsumeTimes=" + maxReconsumeTimes
                + ", batch=" + batch
                + ", brokerName=" + brokerName
                + "]";
    }
}
