// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361) request. */
public final class PullMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_OFFSET = "queueOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_MSG_NUMS = "maxMsgNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SYS_FLAG = "sysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMMIT_OFFSET = "commitOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SUSPEND_TIMEOUT_MILLIS = "suspendTimeoutMillis".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SUBSCRIPTION = "subscription".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_SUB_VERSION = "subVersion".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_EXPRESSION_TYPE = "expressionType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_MSG_BYTES = "maxMsgBytes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_REQUEST_SOURCE = "requestSource".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PROXY_FROWARD_CLIENT_ID = "proxyFrowardClientId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_LITE_TOPIC = "liteTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 511L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup", "topic", "queueId", "queueOffset", "maxMsgNums", "sysFlag", "commitOffset", "suspendTimeoutMillis", "subVersion"};
    private String consumerGroup;
    private String topic;
    private int queueId;
    private long queueOffset;
    private int maxMsgNums;
    private int sysFlag;
    private long commitOffset;
    private long suspendTimeoutMillis;
    private String subscription;
    private long subVersion;
    private String expressionType;
    private Integer maxMsgBytes;
    private Integer requestSource;
    private String proxyFrowardClientId;
    private String liteTopic;
    private String brokerName;

    /** An empty header. */
    public PullMessageRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public PullMessageRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public PullMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public PullMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code queueOffset} field (required). */
    public long queueOffset() {
        return queueOffset;
    }

    /** Sets the {@code queueOffset} field. */
    public PullMessageRequestHeader queueOffset(long value) {
        this.queueOffset = value;
        return this;
    }

    /** The {@code maxMsgNums} field (required). */
    public int maxMsgNums() {
        return maxMsgNums;
    }

    /** Sets the {@code maxMsgNums} field. */
    public PullMessageRequestHeader maxMsgNums(int value) {
        this.maxMsgNums = value;
        return this;
    }

    /** The {@code sysFlag} field (required). */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the {@code sysFlag} field. */
    public PullMessageRequestHeader sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** The {@code commitOffset} field (required). */
    public long commitOffset() {
        return commitOffset;
    }

    /** Sets the {@code commitOffset} field. */
    public PullMessageRequestHeader commitOffset(long value) {
        this.commitOffset = value;
        return this;
    }

    /** The {@code suspendTimeoutMillis} field (required). */
    public long suspendTimeoutMillis() {
        return suspendTimeoutMillis;
    }

    /** Sets the {@code suspendTimeoutMillis} field. */
    public PullMessageRequestHeader suspendTimeoutMillis(long value) {
        this.suspendTimeoutMillis = value;
        return this;
    }

    /** The {@code subscription} field. */
    public String subscription() {
        return subscription;
    }

    /** Sets the {@code subscription} field. */
    public PullMessageRequestHeader subscription(String value) {
        this.subscription = value;
        return this;
    }

    /** The {@code subVersion} field (required). */
    public long subVersion() {
        return subVersion;
    }

    /** Sets the {@code subVersion} field. */
    public PullMessageRequestHeader subVersion(long value) {
        this.subVersion = value;
        return this;
    }

    /** The {@code expressionType} field. */
    public String expressionType() {
        return expressionType;
    }

    /** Sets the {@code expressionType} field. */
    public PullMessageRequestHeader expressionType(String value) {
        this.expressionType = value;
        return this;
    }

    /** The {@code maxMsgBytes} field. */
    public Integer maxMsgBytes() {
        return maxMsgBytes;
    }

    /** Sets the {@code maxMsgBytes} field. */
    public PullMessageRequestHeader maxMsgBytes(Integer value) {
        this.maxMsgBytes = value;
        return this;
    }

    /** The {@code requestSource} field. */
    public Integer requestSource() {
        return requestSource;
    }

    /** Sets the {@code requestSource} field. */
    public PullMessageRequestHeader requestSource(Integer value) {
        this.requestSource = value;
        return this;
    }

    /** The {@code proxyFrowardClientId} field. */
    public String proxyFrowardClientId() {
        return proxyFrowardClientId;
    }

    /** Sets the {@code proxyFrowardClientId} field. */
    public PullMessageRequestHeader proxyFrowardClientId(String value) {
        this.proxyFrowardClientId = value;
        return this;
    }

    /** The {@code liteTopic} field. */
    public String liteTopic() {
        return liteTopic;
    }

    /** Sets the {@code liteTopic} field. */
    public PullMessageRequestHeader liteTopic(String value) {
        this.liteTopic = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public PullMessageRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_QUEUE_OFFSET, queueOffset);
        writer.putLong(out, KEY_MAX_MSG_NUMS, maxMsgNums);
        writer.putLong(out, KEY_SYS_FLAG, sysFlag);
        writer.putLong(out, KEY_COMMIT_OFFSET, commitOffset);
        writer.putLong(out, KEY_SUSPEND_TIMEOUT_MILLIS, suspendTimeoutMillis);
        writer.putString(out, KEY_SUBSCRIPTION, subscription);
        writer.putLong(out, KEY_SUB_VERSION, subVersion);
        writer.putString(out, KEY_EXPRESSION_TYPE, expressionType);
        writer.putInt(out, KEY_MAX_MSG_BYTES, maxMsgBytes);
        writer.putInt(out, KEY_REQUEST_SOURCE, requestSource);
        writer.putString(out, KEY_PROXY_FROWARD_CLIENT_ID, proxyFrowardClientId);
        writer.putString(out, KEY_LITE_TOPIC, liteTopic);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PullMessageRequestHeader decode(ExtFieldCursor fields) {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PullMessageRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 2L;
                }
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 0L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 4L;
                }
                if (field.keyIs(KEY_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.sysFlag = field.valueAsInt();
                    return 32L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_LITE_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.liteTopic = value;
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_MAX_MSG_NUMS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxMsgNums = field.valueAsInt();
                    return 16L;
                }
                if (field.keyIs(KEY_SUB_VERSION)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.subVersion = field.valueAsLong();
                    return 256L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_QUEUE_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueOffset = field.valueAsLong();
                    return 8L;
                }
                if (field.keyIs(KEY_MAX_MSG_BYTES)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxMsgBytes = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_COMMIT_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.commitOffset = field.valueAsLong();
                    return 64L;
                }
                if (field.keyIs(KEY_SUBSCRIPTION)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.subscription = value;
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_CONSUMER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.consumerGroup = value;
                    return 1L;
                }
                if (field.keyIs(KEY_REQUEST_SOURCE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.requestSource = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_EXPRESSION_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.expressionType = value;
                    return 0L;
                }
                return 0L;
            case 20:
                if (field.keyIs(KEY_SUSPEND_TIMEOUT_MILLIS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.suspendTimeoutMillis = field.valueAsLong();
                    return 128L;
                }
                if (field.keyIs(KEY_PROXY_FROWARD_CLIENT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.proxyFrowardClientId = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PullMessageRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", queueId=" + queueId
                + ", queueOffset=" + queueOffset
                + ", maxMsgNums=" + maxMsgNums
                + ", sysFlag=" + sysFlag
                + ", commitOffset=" + commitOffset
                + ", suspendTimeoutMillis=" + suspendTimeoutMillis
                + ", subscription=" + subscription
                + ", subVersion=" + subVersion
                + ", expressionType=" + expressionType
                + ", maxMsgBytes=" + maxMsgBytes
                + ", requestSource=" + requestSource
                + ", proxyFrowardClientId=" + proxyFrowardClientId
                + ", liteTopic=" + liteTopic
                + ", brokerName=" + brokerName
                + "]";
    }
}
