// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CONSUME_MESSAGE_DIRECTLY (309) request, broker to client; body: the message. */
public final class ConsumeMessageDirectlyRequestHeader implements CommandHeader {
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "brokerName".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC_SYS_FLAG = "topicSysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_GROUP_SYS_FLAG = "groupSysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"consumerGroup"};
    private String consumerGroup;
    private String clientId;
    private String msgId;
    private String brokerName;
    private String topic;
    private Integer topicSysFlag;
    private Integer groupSysFlag;

    /** An empty header. */
    public ConsumeMessageDirectlyRequestHeader() {}

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public ConsumeMessageDirectlyRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code clientId} field. */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public ConsumeMessageDirectlyRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** The {@code msgId} field. */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public ConsumeMessageDirectlyRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** The {@code brokerName} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code brokerName} field. */
    public ConsumeMessageDirectlyRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public ConsumeMessageDirectlyRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code topicSysFlag} field. */
    public Integer topicSysFlag() {
        return topicSysFlag;
    }

    /** Sets the {@code topicSysFlag} field. */
    public ConsumeMessageDirectlyRequestHeader topicSysFlag(Integer value) {
        this.topicSysFlag = value;
        return this;
    }

    /** The {@code groupSysFlag} field. */
    public Integer groupSysFlag() {
        return groupSysFlag;
    }

    /** Sets the {@code groupSysFlag} field. */
    public ConsumeMessageDirectlyRequestHeader groupSysFlag(Integer value) {
        this.groupSysFlag = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_CLIENT_ID, clientId);
        writer.putString(out, KEY_MSG_ID, msgId);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putInt(out, KEY_TOPIC_SYS_FLAG, topicSysFlag);
        writer.putInt(out, KEY_GROUP_SYS_FLAG, groupSysFlag);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static ConsumeMessageDirectlyRequestHeader decode(ExtFieldCursor fields) {
        ConsumeMessageDirectlyRequestHeader header = new ConsumeMessageDirectlyRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("ConsumeMessageDirectlyRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_MSG_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.msgId = value;
                    return 0L;
                }
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 0L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_CLIENT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.clientId = value;
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_BROKER_NAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.brokerName = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_TOPIC_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.topicSysFlag = field.valueAsInt();
                    return 0L;
                }
                if (field.keyIs(KEY_GROUP_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.groupSysFlag = field.valueAsInt();
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
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "ConsumeMessageDirectlyRequestHeader["
                + "consumerGroup=" + consumerGroup
                + ", clientId=" + clientId
                + ", msgId=" + msgId
                + ", brokerName=" + brokerName
                + ", topic=" + topic
                + ", topicSysFlag=" + topicSysFlag
                + ", groupSysFlag=" + groupSysFlag
                + "]";
    }
}
