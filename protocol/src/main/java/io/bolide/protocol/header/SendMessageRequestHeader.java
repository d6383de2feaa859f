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
        if (shortKeys) {
            writer.putString(out, KEY_PRODUCER_GROUP_SHORT, producerGroup);
            writer.putString(out, KEY_TOPIC_SHORT, topic);
            writer.putString(out, KEY_DEFAULT_TOPIC_SHORT, defaultTopic);
            writer.putLong(out, KEY_DEFAULT_TOPIC_QUEUE_NUMS_SHORT, defaultTopicQueueNums);
            writer.putLong(out, KEY_QUEUE_ID_SHORT, queueId);
            writer.putLong(out, KEY_SYS_FLAG_SHORT, sysFlag);
            writer.putLong(out, KEY_BORN_TIMESTAMP_SHORT, bornTimestamp);
            writer.putLong(out, KEY_FLAG_SHORT, flag);
            writer.putString(out, KEY_PROPERTIES_SHORT, properties);
            writer.putInt(out, KEY_RECONSUME_TIMES_SHORT, reconsumeTimes);
            writer.putBoolean(out, KEY_UNIT_MODE_SHORT, unitMode);
            writer.putInt(out, KEY_MAX_RECONSUME_TIMES_SHORT, maxReconsumeTimes);
            writer.putBoolean(out, KEY_BATCH_SHORT, batch);
            writer.putString(out, KEY_BROKER_NAME_SHORT, brokerName);
            return;
        }
        writer.putString(out, KEY_PRODUCER_GROUP, producerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_DEFAULT_TOPIC, defaultTopic);
        writer.putLong(out, KEY_DEFAULT_TOPIC_QUEUE_NUMS, defaultTopicQueueNums);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_SYS_FLAG, sysFlag);
        writer.putLong(out, KEY_BORN_TIMESTAMP, bornTimestamp);
        writer.putLong(out, KEY_FLAG, flag);
        writer.putString(out, KEY_PROPERTIES, properties);
        writer.putInt(out, KEY_RECONSUME_TIMES, reconsumeTimes);
        writer.putBoolean(out, KEY_UNIT_MODE, unitMode);
        writer.putInt(out, KEY_MAX_RECONSUME_TIMES, maxReconsumeTimes);
        writer.putBoolean(out, KEY_BATCH, batch);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
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
                        if (field.keyIs(KEY_PRODUCER_GROUP_SHORT)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.producerGroup = value;
                            return 1L;
                        }
                        return 0L;
                    case 'b':
                        if (field.keyIs(KEY_TOPIC_SHORT)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.topic = value;
                            return 2L;
                        }
                        return 0L;
                    case 'c':
                        if (field.keyIs(KEY_DEFAULT_TOPIC_SHORT)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.defaultTopic = value;
                            return 4L;
                        }
                        return 0L;
                    case 'd':
                        if (field.keyIs(KEY_DEFAULT_TOPIC_QUEUE_NUMS_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.defaultTopicQueueNums = field.valueAsInt();
                            return 8L;
                        }
                        return 0L;
                    case 'e':
                        if (field.keyIs(KEY_QUEUE_ID_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.queueId = field.valueAsInt();
                            return 16L;
                        }
                        return 0L;
                    case 'f':
                        if (field.keyIs(KEY_SYS_FLAG_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.sysFlag = field.valueAsInt();
                            return 32L;
                        }
                        return 0L;
                    case 'g':
                        if (field.keyIs(KEY_BORN_TIMESTAMP_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.bornTimestamp = field.valueAsLong();
                            return 64L;
                        }
                        return 0L;
                    case 'h':
                        if (field.keyIs(KEY_FLAG_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.flag = field.valueAsInt();
                            return 128L;
                        }
                        return 0L;
                    case 'i':
                        if (field.keyIs(KEY_PROPERTIES_SHORT)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.properties = value;
                            return 0L;
                        }
                        return 0L;
                    case 'j':
                        if (field.keyIs(KEY_RECONSUME_TIMES_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.reconsumeTimes = field.valueAsInt();
                            return 0L;
                        }
                        return 0L;
                    case 'k':
                        if (field.keyIs(KEY_UNIT_MODE_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.unitMode = field.valueAsBoolean();
                            return 0L;
                        }
                        return 0L;
                    case 'l':
                        if (field.keyIs(KEY_MAX_RECONSUME_TIMES_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.maxReconsumeTimes = field.valueAsInt();
                            return 0L;
                        }
                        return 0L;
                    case 'm':
                        if (field.keyIs(KEY_BATCH_SHORT)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.batch = field.valueAsBoolean();
                            return 0L;
                        }
                        return 0L;
                    case 'n':
                        if (field.keyIs(KEY_BROKER_NAME_SHORT)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.brokerName = value;
                            return 0L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
            case 4:
                if (field.keyIs(KEY_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.flag = field.valueAsInt();
                    return 128L;
                }
                return 0L;
            case 5:
                switch (field.keyByte(1)) {
                    case 'a':
                        if (field.keyIs(KEY_BATCH)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.batch = field.valueAsBoolean();
                            return 0L;
                        }
                        return 0L;
                    case 'n':
                        if (field.keyIs(KEY_BROKER_NAME)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.brokerName = value;
                            return 0L;
                        }
                        return 0L;
                    case 'o':
                        if (field.keyIs(KEY_TOPIC)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.topic = value;
                            return 2L;
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
                    return 16L;
                }
                if (field.keyIs(KEY_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.sysFlag = field.valueAsInt();
                    return 32L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_UNIT_MODE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.unitMode = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_PROPERTIES)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.properties = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_DEFAULT_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.defaultTopic = value;
                    return 4L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_PRODUCER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.producerGroup = value;
                    return 1L;
                }
                if (field.keyIs(KEY_BORN_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.bornTimestamp = field.valueAsLong();
                    return 64L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_RECONSUME_TIMES)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.reconsumeTimes = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 17:
                if (field.keyIs(KEY_MAX_RECONSUME_TIMES)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxReconsumeTimes = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 21:
                if (field.keyIs(KEY_DEFAULT_TOPIC_QUEUE_NUMS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.defaultTopicQueueNums = field.valueAsInt();
                    return 8L;
                }
                return 0L;
            default:
                return 0L;
        }
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
