// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CHECK_TRANSACTION_STATE (39) request, broker to producer, oneway; body: the half message. */
public final class CheckTransactionStateRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRAN_STATE_TABLE_OFFSET = "tranStateTableOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMMIT_LOG_OFFSET = "commitLogOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRANSACTION_ID = "transactionId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFSET_MSG_ID = "offsetMsgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 3L;
    private static final String[] REQUIRED_KEYS = {"tranStateTableOffset", "commitLogOffset"};
    private String topic;
    private long tranStateTableOffset;
    private long commitLogOffset;
    private String msgId;
    private String transactionId;
    private String offsetMsgId;
    private String brokerName;

    /** An empty header. */
    public CheckTransactionStateRequestHeader() {}

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public CheckTransactionStateRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code tranStateTableOffset} field (required). */
    public long tranStateTableOffset() {
        return tranStateTableOffset;
    }

    /** Sets the {@code tranStateTableOffset} field. */
    public CheckTransactionStateRequestHeader tranStateTableOffset(long value) {
        this.tranStateTableOffset = value;
        return this;
    }

    /** The {@code commitLogOffset} field (required). */
    public long commitLogOffset() {
        return commitLogOffset;
    }

    /** Sets the {@code commitLogOffset} field. */
    public CheckTransactionStateRequestHeader commitLogOffset(long value) {
        this.commitLogOffset = value;
        return this;
    }

    /** The {@code msgId} field. */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public CheckTransactionStateRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** The {@code transactionId} field. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets the {@code transactionId} field. */
    public CheckTransactionStateRequestHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    /** The {@code offsetMsgId} field. */
    public String offsetMsgId() {
        return offsetMsgId;
    }

    /** Sets the {@code offsetMsgId} field. */
    public CheckTransactionStateRequestHeader offsetMsgId(String value) {
        this.offsetMsgId = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public CheckTransactionStateRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putLong(out, KEY_TRAN_STATE_TABLE_OFFSET, tranStateTableOffset);
        writer.putLong(out, KEY_COMMIT_LOG_OFFSET, commitLogOffset);
        writer.putString(out, KEY_MSG_ID, msgId);
        writer.putString(out, KEY_TRANSACTION_ID, transactionId);
        writer.putString(out, KEY_OFFSET_MSG_ID, offsetMsgId);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static CheckTransactionStateRequestHeader decode(ExtFieldCursor fields) {
        CheckTransactionStateRequestHeader header = new CheckTransactionStateRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("CheckTransactionStateRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                switch (field.keyByte(0)) {
                    case 'b':
                        if (field.keyIs(KEY_BROKER_NAME)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.brokerName = value;
                            return 0L;
                        }
                        return 0L;
                    case 'm':
                        if (field.keyIs(KEY_MSG_ID)) {
                            String value = field.valueAsString();
                            if (value == null) {
                                return 0L;
                            }
                            this.msgId = value;
                            return 0L;
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
            case 11:
                if (field.keyIs(KEY_OFFSET_MSG_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.offsetMsgId = value;
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_TRANSACTION_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.transactionId = value;
                    return 0L;
                }
                return 0L;
            case 15:
                if (field.keyIs(KEY_COMMIT_LOG_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.commitLogOffset = field.valueAsLong();
                    return 2L;
                }
                return 0L;
            case 20:
                if (field.keyIs(KEY_TRAN_STATE_TABLE_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.tranStateTableOffset = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "CheckTransactionStateRequestHeader["
                + "topic=" + topic
                + ", tranStateTableOffset=" + tranStateTableOffset
                + ", commitLogOffset=" + commitLogOffset
                + ", msgId=" + msgId
                + ", transactionId=" + transactionId
                + ", offsetMsgId=" + offsetMsgId
                + ", brokerName=" + brokerName
                + "]";
    }
}
