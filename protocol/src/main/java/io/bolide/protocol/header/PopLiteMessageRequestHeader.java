// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** POP_LITE_MESSAGE (200070) request (Lite Topics, #34): take up to maxMsgNum messages from the lite topics clientId of consumerGroup subscribed to under the parent topic. */
public final class PopLiteMessageRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLIENT_ID = "clientId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_CONSUMER_GROUP = "consumerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_MSG_NUM = "maxMsgNum".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INVISIBLE_TIME = "invisibleTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_POLL_TIME = "pollTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BORN_TIME = "bornTime".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ATTEMPT_ID = "attemptId".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 127L;
    private static final String[] REQUIRED_KEYS = {"clientId", "consumerGroup", "topic", "maxMsgNum", "invisibleTime", "pollTime", "bornTime"};
    private String clientId;
    private String consumerGroup;
    private String topic;
    private int maxMsgNum;
    private long invisibleTime;
    private long pollTime;
    private long bornTime;
    private String attemptId;

    /** An empty header. */
    public PopLiteMessageRequestHeader() {}

    /** The {@code clientId} field (required). */
    public String clientId() {
        return clientId;
    }

    /** Sets the {@code clientId} field. */
    public PopLiteMessageRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** The {@code consumerGroup} field (required). */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the {@code consumerGroup} field. */
    public PopLiteMessageRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public PopLiteMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code maxMsgNum} field (required). */
    public int maxMsgNum() {
        return maxMsgNum;
    }

    /** Sets the {@code maxMsgNum} field. */
    public PopLiteMessageRequestHeader maxMsgNum(int value) {
        this.maxMsgNum = value;
        return this;
    }

    /** The {@code invisibleTime} field (required). */
    public long invisibleTime() {
        return invisibleTime;
    }

    /** Sets the {@code invisibleTime} field. */
    public PopLiteMessageRequestHeader invisibleTime(long value) {
        this.invisibleTime = value;
        return this;
    }

    /** The {@code pollTime} field (required). */
    public long pollTime() {
        return pollTime;
    }

    /** Sets the {@code pollTime} field. */
    public PopLiteMessageRequestHeader pollTime(long value) {
        this.pollTime = value;
        return this;
    }

    /** The {@code bornTime} field (required). */
    public long bornTime() {
        return bornTime;
    }

    /** Sets the {@code bornTime} field. */
    public PopLiteMessageRequestHeader bornTime(long value) {
        this.bornTime = value;
        return this;
    }

    /** The {@code attemptId} field. */
    public String attemptId() {
        return attemptId;
    }

    /** Sets the {@code attemptId} field. */
    public PopLiteMessageRequestHeader attemptId(String value) {
        this.attemptId = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLIENT_ID, clientId);
        writer.putString(out, KEY_CONSUMER_GROUP, consumerGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_MAX_MSG_NUM, maxMsgNum);
        writer.putLong(out, KEY_INVISIBLE_TIME, invisibleTime);
        writer.putLong(out, KEY_POLL_TIME, pollTime);
        writer.putLong(out, KEY_BORN_TIME, bornTime);
        writer.putString(out, KEY_ATTEMPT_ID, attemptId);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PopLiteMessageRequestHeader decode(ExtFieldCursor fields) {
        PopLiteMessageRequestHeader header = new PopLiteMessageRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PopLiteMessageRequestHeader: missing required field "
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
                    return 4L;
                }
                return 0L;
            case 8:
                switch (field.keyByte(0)) {
                    case 'b':
                        if (field.keyIs(KEY_BORN_TIME)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.bornTime = field.valueAsLong();
                            return 64L;
                        }
                        return 0L;
                    case 'c':
                        if (field.keyIs(KEY_CLIENT_ID)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.clientId = value;
                            return 1L;
                        }
                        return 0L;
                    case 'p':
                        if (field.keyIs(KEY_POLL_TIME)) {
                            if (field.valueIsAbsent()) {
                                return 0L;
                            }
                            this.pollTime = field.valueAsLong();
                            return 32L;
                        }
                        return 0L;
                    default:
                        return 0L;
                }
            case 9:
                if (field.keyIs(KEY_MAX_MSG_NUM)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxMsgNum = field.valueAsInt();
                    return 8L;
                }
                if (field.keyIs(KEY_ATTEMPT_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.attemptId = value;
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
                    return 2L;
                }
                if (field.keyIs(KEY_INVISIBLE_TIME)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.invisibleTime = field.valueAsLong();
                    return 16L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PopLiteMessageRequestHeader["
                + "clientId=" + clientId
                + ", consumerGroup=" + consumerGroup
                + ", topic=" + topic
                + ", maxMsgNum=" + maxMsgNum
                + ", invisibleTime=" + invisibleTime
                + ", pollTime=" + pollTime
                + ", bornTime=" + bornTime
                + ", attemptId=" + attemptId
                + "]";
    }
}
