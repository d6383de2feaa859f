// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** PUSH_REPLY_MESSAGE_TO_CLIENT (326) request, broker to the requesting client (#38); body: the reply's body. The reply's send header, plus where it was born and stored. */
public final class ReplyMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_PRODUCER_GROUP = "producerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC = "defaultTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC_QUEUE_NUMS = "defaultTopicQueueNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SYS_FLAG = "sysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIMESTAMP = "bornTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FLAG = "flag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PROPERTIES = "properties".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RECONSUME_TIMES = "reconsumeTimes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_UNIT_MODE = "unitMode".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_HOST = "bornHost".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_STORE_HOST = "storeHost".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_STORE_TIMESTAMP = "storeTimestamp".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 2047L;
    private static final String[] REQUIRED_KEYS = {"producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums", "queueId", "sysFlag", "bornTimestamp", "flag", "bornHost", "storeHost", "storeTimestamp"};
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
    private boolean unitMode = false;
    private String bornHost;
    private String storeHost;
    private long storeTimestamp;

    /** An empty header. */
    public ReplyMessageRequestHeader() {}

    /** The {@code producerGroup} field (required). */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the {@code producerGroup} field. */
    public ReplyMessageRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public ReplyMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code defaultTopic} field (required). */
    public String defaultTopic() {
        return defaultTopic;
    }

    /** Sets the {@code defaultTopic} field. */
    public ReplyMessageRequestHeader defaultTopic(String value) {
        this.defaultTopic = value;
        return this;
    }

    /** The {@code defaultTopicQueueNums} field (required). */
    public int defaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    /** Sets the {@code defaultTopicQueueNums} field. */
    public ReplyMessageRequestHeader defaultTopicQueueNums(int value) {
        this.defaultTopicQueueNums = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public ReplyMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code sysFlag} field (required). */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the {@code sysFlag} field. */
    public ReplyMessageRequestHeader sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** The {@code bornTimestamp} field (required). */
    public long bornTimestamp() {
        return bornTimestamp;
    }

    /** Sets the {@code bornTimestamp} field. */
    public ReplyMessageRequestHeader bornTimestamp(long value) {
        this.bornTimestamp = value;
        return this;
    }

    /** The {@code flag} field (required). */
    public int flag() {
        return flag;
    }

    /** Sets the {@code flag} field. */
    public ReplyMessageRequestHeader flag(int value) {
        this.flag = value;
        return this;
    }

    /** The {@code properties} field. */
    public String properties() {
        return properties;
    }

    /** Sets the {@code properties} field. */
    public ReplyMessageRequestHeader properties(String value) {
        this.properties = value;
        return this;
    }

    /** The {@code reconsumeTimes} field. */
    public Integer reconsumeTimes() {
        return reconsumeTimes;
    }

    /** Sets the {@code reconsumeTimes} field. */
    public ReplyMessageRequestHeader reconsumeTimes(Integer value) {
        this.reconsumeTimes = value;
        return this;
    }

    /** The {@code unitMode} field. */
    public boolean unitMode() {
        return unitMode;
    }

    /** Sets the {@code unitMode} field. */
    public ReplyMessageRequestHeader unitMode(boolean value) {
        this.unitMode = value;
        return this;
    }

    /** The {@code bornHost} field (required). */
    public String bornHost() {
        return bornHost;
    }

    /** Sets the {@code bornHost} field. */
    public ReplyMessageRequestHeader bornHost(String value) {
        this.bornHost = value;
        return this;
    }

    /** The {@code storeHost} field (required). */
    public String storeHost() {
        return storeHost;
    }

    /** Sets the {@code storeHost} field. */
    public ReplyMessageRequestHeader storeHost(String value) {
        this.storeHost = value;
        return this;
    }

    /** The {@code storeTimestamp} field (required). */
    public long storeTimestamp() {
        return storeTimestamp;
    }

    /** Sets the {@code storeTimestamp} field. */
    public ReplyMessageRequestHeader storeTimestamp(long value) {
        this.storeTimestamp = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
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
        writer.putString(out, KEY_BORN_HOST, bornHost);
        writer.putString(out, KEY_STORE_HOST, storeHost);
        writer.putLong(out, KEY_STORE_TIMESTAMP, storeTimestamp);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ReplyMessageRequestHeader decode(ExtFieldCursor fields) {
        ReplyMessageRequestHeader header = new ReplyMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ReplyMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
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
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 2L;
                }
                return 0L;
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
                if (field.keyIs(KEY_BORN_HOST)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.bornHost = value;
                    return 256L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_STORE_HOST)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.storeHost = value;
                    return 512L;
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
                if (field.keyIs(KEY_STORE_TIMESTAMP)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.storeTimestamp = field.valueAsLong();
                    return 1024L;
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
        return "ReplyMessageRequestHeader["
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
                + ", bornHost=" + bornHost
                + ", storeHost=" + storeHost
                + ", storeTimestamp=" + storeTimestamp
                + "]";
    }
}
