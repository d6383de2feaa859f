// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** END_TRANSACTION (37) request, producer to broker, oneway. */
public final class EndTransactionRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_PRODUCER_GROUP = "producerGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRAN_STATE_TABLE_OFFSET = "tranStateTableOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMMIT_LOG_OFFSET = "commitLogOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_COMMIT_OR_ROLLBACK = "commitOrRollback".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FROM_TRANSACTION_CHECK = "fromTransactionCheck".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRANSACTION_ID = "transactionId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BROKER_NAME = "bname".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 31L;
    private static final String[] REQUIRED_KEYS = {"producerGroup", "tranStateTableOffset", "commitLogOffset", "commitOrRollback", "msgId"};
    private String topic;
    private String producerGroup;
    private long tranStateTableOffset;
    private long commitLogOffset;
    private int commitOrRollback;
    private Boolean fromTransactionCheck;
    private String msgId;
    private String transactionId;
    private String brokerName;

    /** An empty header. */
    public EndTransactionRequestHeader() {}

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public EndTransactionRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code producerGroup} field (required). */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the {@code producerGroup} field. */
    public EndTransactionRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** The {@code tranStateTableOffset} field (required). */
    public long tranStateTableOffset() {
        return tranStateTableOffset;
    }

    /** Sets the {@code tranStateTableOffset} field. */
    public EndTransactionRequestHeader tranStateTableOffset(long value) {
        this.tranStateTableOffset = value;
        return this;
    }

    /** The {@code commitLogOffset} field (required). */
    public long commitLogOffset() {
        return commitLogOffset;
    }

    /** Sets the {@code commitLogOffset} field. */
    public EndTransactionRequestHeader commitLogOffset(long value) {
        this.commitLogOffset = value;
        return this;
    }

    /** The {@code commitOrRollback} field (required). */
    public int commitOrRollback() {
        return commitOrRollback;
    }

    /** Sets the {@code commitOrRollback} field. */
    public EndTransactionRequestHeader commitOrRollback(int value) {
        this.commitOrRollback = value;
        return this;
    }

    /** The {@code fromTransactionCheck} field. */
    public Boolean fromTransactionCheck() {
        return fromTransactionCheck;
    }

    /** Sets the {@code fromTransactionCheck} field. */
    public EndTransactionRequestHeader fromTransactionCheck(Boolean value) {
        this.fromTransactionCheck = value;
        return this;
    }

    /** The {@code msgId} field (required). */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public EndTransactionRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** The {@code transactionId} field. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets the {@code transactionId} field. */
    public EndTransactionRequestHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    /** The {@code bname} field. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the {@code bname} field. */
    public EndTransactionRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putString(out, KEY_PRODUCER_GROUP, producerGroup);
        writer.putLong(out, KEY_TRAN_STATE_TABLE_OFFSET, tranStateTableOffset);
        writer.putLong(out, KEY_COMMIT_LOG_OFFSET, commitLogOffset);
        writer.putLong(out, KEY_COMMIT_OR_ROLLBACK, commitOrRollback);
        writer.putBoolean(out, KEY_FROM_TRANSACTION_CHECK, fromTransactionCheck);
        writer.putString(out, KEY_MSG_ID, msgId);
        writer.putString(out, KEY_TRANSACTION_ID, transactionId);
        writer.putString(out, KEY_BROKER_NAME, brokerName);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static EndTransactionRequestHeader decode(ExtFieldCursor fields) {
        EndTransactionRequestHeader header = new EndTransactionRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("EndTransactionRequestHeader: missing required field "
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
                            return 16L;
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
            case 13:
                if (field.keyIs(KEY_PRODUCER_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.producerGroup = value;
                    return 1L;
                }
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
                    return 4L;
                }
                return 0L;
            case 16:
                if (field.keyIs(KEY_COMMIT_OR_ROLLBACK)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.commitOrRollback = field.valueAsInt();
                    return 8L;
                }
                return 0L;
            case 20:
                if (field.keyIs(KEY_TRAN_STATE_TABLE_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.tranStateTableOffset = field.valueAsLong();
                    return 2L;
                }
                if (field.keyIs(KEY_FROM_TRANSACTION_CHECK)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.fromTransactionCheck = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "EndTransactionRequestHeader["
                + "topic=" + topic
                + ", producerGroup=" + producerGroup
                + ", tranStateTableOffset=" + tranStateTableOffset
                + ", commitLogOffset=" + commitLogOffset
                + ", commitOrRollback=" + commitOrRollback
                + ", fromTransactionCheck=" + fromTransactionCheck
                + ", msgId=" + msgId
                + ", transactionId=" + transactionId
                + ", brokerName=" + brokerName
                + "]";
    }
}
