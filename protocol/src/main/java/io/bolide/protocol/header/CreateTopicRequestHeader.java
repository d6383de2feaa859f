// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** UPDATE_AND_CREATE_TOPIC (17) request. */
public final class CreateTopicRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEFAULT_TOPIC = "defaultTopic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_READ_QUEUE_NUMS = "readQueueNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_WRITE_QUEUE_NUMS = "writeQueueNums".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PERM = "perm".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC_FILTER_TYPE = "topicFilterType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC_SYS_FLAG = "topicSysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ORDER = "order".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ATTRIBUTES = "attributes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FORCE = "force".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 127L;
    private static final String[] REQUIRED_KEYS = {"topic", "defaultTopic", "readQueueNums", "writeQueueNums", "perm", "topicFilterType", "order"};
    private String topic;
    private String defaultTopic;
    private int readQueueNums;
    private int writeQueueNums;
    private int perm;
    private String topicFilterType;
    private Integer topicSysFlag;
    private boolean order;
    private String attributes;
    private Boolean force;

    /** An empty header. */
    public CreateTopicRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public CreateTopicRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code defaultTopic} field (required). */
    public String defaultTopic() {
        return defaultTopic;
    }

    /** Sets the {@code defaultTopic} field. */
    public CreateTopicRequestHeader defaultTopic(String value) {
        this.defaultTopic = value;
        return this;
    }

    /** The {@code readQueueNums} field (required). */
    public int readQueueNums() {
        return readQueueNums;
    }

    /** Sets the {@code readQueueNums} field. */
    public CreateTopicRequestHeader readQueueNums(int value) {
        this.readQueueNums = value;
        return this;
    }

    /** The {@code writeQueueNums} field (required). */
    public int writeQueueNums() {
        return writeQueueNums;
    }

    /** Sets the {@code writeQueueNums} field. */
    public CreateTopicRequestHeader writeQueueNums(int value) {
        this.writeQueueNums = value;
        return this;
    }

    /** The {@code perm} field (required). */
    public int perm() {
        return perm;
    }

    /** Sets the {@code perm} field. */
    public CreateTopicRequestHeader perm(int value) {
        this.perm = value;
        return this;
    }

    /** The {@code topicFilterType} field (required). */
    public String topicFilterType() {
        return topicFilterType;
    }

    /** Sets the {@code topicFilterType} field. */
    public CreateTopicRequestHeader topicFilterType(String value) {
        this.topicFilterType = value;
        return this;
    }

    /** The {@code topicSysFlag} field. */
    public Integer topicSysFlag() {
        return topicSysFlag;
    }

    /** Sets the {@code topicSysFlag} field. */
    public CreateTopicRequestHeader topicSysFlag(Integer value) {
        this.topicSysFlag = value;
        return this;
    }

    /** The {@code order} field (required). */
    public boolean order() {
        return order;
    }

    /** Sets the {@code order} field. */
    public CreateTopicRequestHeader order(boolean value) {
        this.order = value;
        return this;
    }

    /** The {@code attributes} field. */
    public String attributes() {
        return attributes;
    }

    /** Sets the {@code attributes} field. */
    public CreateTopicRequestHeader attributes(String value) {
        this.attributes = value;
        return this;
    }

    /** The {@code force} field. */
    public Boolean force() {
        return force;
    }

    /** Sets the {@code force} field. */
    public CreateTopicRequestHeader force(Boolean value) {
        this.force = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_DEFAULT_TOPIC, defaultTopic);
        writer.putLong(out, KEY_READ_QUEUE_NUMS, readQueueNums);
        writer.putLong(out, KEY_WRITE_QUEUE_NUMS, writeQueueNums);
        writer.putLong(out, KEY_PERM, perm);
        writer.putString(out, KEY_TOPIC_FILTER_TYPE, topicFilterType);
        writer.putInt(out, KEY_TOPIC_SYS_FLAG, topicSysFlag);
        writer.putBoolean(out, KEY_ORDER, order);
        writer.putString(out, KEY_ATTRIBUTES, attributes);
        writer.putBoolean(out, KEY_FORCE, force);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static CreateTopicRequestHeader decode(ExtFieldCursor fields) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("CreateTopicRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 4:
                if (field.keyIs(KEY_PERM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.perm = field.valueAsInt();
                    return 16L;
                }
                return 0L;
            case 5:
                switch (field.keyByte(0)) {
                    case 'f':
                        if (field.keyIs(KEY_FORCE)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.force = field.valueAsBoolean();
                            return 0L;
                        }
                        return 0L;
                    case 'o':
                        if (field.keyIs(KEY_ORDER)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.order = field.valueAsBoolean();
                            return 64L;
                        }
                        return 0L;
                    case 't':
                        if (field.keyIs(KEY_TOPIC)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.topic = value;
                            return 1L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
            case 10:
                if (field.keyIs(KEY_ATTRIBUTES)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.attributes = value;
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
                    return 2L;
                }
                if (field.keyIs(KEY_TOPIC_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.topicSysFlag = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_READ_QUEUE_NUMS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.readQueueNums = field.valueAsInt();
                    return 4L;
                }
                return 0L;
            case 14:
                if (field.keyIs(KEY_WRITE_QUEUE_NUMS)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.writeQueueNums = field.valueAsInt();
                    return 8L;
                }
                return 0L;
            case 15:
                if (field.keyIs(KEY_TOPIC_FILTER_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topicFilterType = value;
                    return 32L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "CreateTopicRequestHeader["
                + "topic=" + topic
                + ", defaultTopic=" + defaultTopic
                + ", readQueueNums=" + readQueueNums
                + ", writeQueueNums=" + writeQueueNums
                + ", perm=" + perm
                + ", topicFilterType=" + topicFilterType
                + ", topicSysFlag=" + topicSysFlag
                + ", order=" + order
                + ", attributes=" + attributes
                + ", force=" + force
                + "]";
    }
}
