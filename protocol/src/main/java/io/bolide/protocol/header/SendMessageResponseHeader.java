// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Response to SEND_MESSAGE, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE (msgId = offset id(s)). */
public final class SendMessageResponseHeader implements CommandHeader {
    private static final byte[] KEY_MSG_ID = "msgId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_ID = "queueId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_QUEUE_OFFSET = "queueOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRANSACTION_ID = "transactionId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_BATCH_UNIQ_ID = "batchUniqId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RECALL_HANDLE = "recallHandle".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MSG_REGION = "MSG_REGION".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TRACE_ON = "TRACE_ON".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"msgId", "queueId", "queueOffset"};
    private String msgId;
    private int queueId;
    private long queueOffset;
    private String transactionId;
    private String batchUniqId;
    private String recallHandle;
    private String msgRegion;
    private String traceOn;

    /** An empty header. */
    public SendMessageResponseHeader() {}

    /** The {@code msgId} field (required). */
    public String msgId() {
        return msgId;
    }

    /** Sets the {@code msgId} field. */
    public SendMessageResponseHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** The {@code queueId} field (required). */
    public int queueId() {
        return queueId;
    }

    /** Sets the {@code queueId} field. */
    public SendMessageResponseHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** The {@code queueOffset} field (required). */
    public long queueOffset() {
        return queueOffset;
    }

    /** Sets the {@code queueOffset} field. */
    public SendMessageResponseHeader queueOffset(long value) {
        this.queueOffset = value;
        return this;
    }

    /** The {@code transactionId} field. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets the {@code transactionId} field. */
    public SendMessageResponseHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    /** The {@code batchUniqId} field. */
    public String batchUniqId() {
        return batchUniqId;
    }

    /** Sets the {@code batchUniqId} field. */
    public SendMessageResponseHeader batchUniqId(String value) {
        this.batchUniqId = value;
        return this;
    }

    /** The {@code recallHandle} field. */
    public String recallHandle() {
        return recallHandle;
    }

    /** Sets the {@code recallHandle} field. */
    public SendMessageResponseHeader recallHandle(String value) {
        this.recallHandle = value;
        return this;
    }

    /** The {@code MSG_REGION} field. */
    public String msgRegion() {
        return msgRegion;
    }

    /** Sets the {@code MSG_REGION} field. */
    public SendMessageResponseHeader msgRegion(String value) {
        this.msgRegion = value;
        return this;
    }

    /** The {@code TRACE_ON} field. */
    public String traceOn() {
        return traceOn;
    }

    /** Sets the {@code TRACE_ON} field. */
    public SendMessageResponseHeader traceOn(String value) {
        this.traceOn = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_MSG_ID, msgId);
        writer.putLong(out, KEY_QUEUE_ID, queueId);
        writer.putLong(out, KEY_QUEUE_OFFSET, queueOffset);
        writer.putString(out, KEY_TRANSACTION_ID, transactionId);
        writer.putString(out, KEY_BATCH_UNIQ_ID, batchUniqId);
        writer.putString(out, KEY_RECALL_HANDLE, recallHandle);
        writer.putString(out, KEY_MSG_REGION, msgRegion);
        writer.putString(out, KEY_TRACE_ON, traceOn);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static SendMessageResponseHeader decode(ExtFieldCursor fields) {
        SendMessageResponseHeader header = new SendMessageResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("SendMessageResponseHeader: missing required field "
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
                    return 1L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_QUEUE_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueId = field.valueAsInt();
                    return 2L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_TRACE_ON)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.traceOn = value;
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_MSG_REGION)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.msgRegion = value;
                    return 0L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_QUEUE_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.queueOffset = field.valueAsLong();
                    return 4L;
                }
                if (field.keyIs(KEY_BATCH_UNIQ_ID)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.batchUniqId = value;
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_RECALL_HANDLE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.recallHandle = value;
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
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "SendMessageResponseHeader["
                + "msgId=" + msgId
                + ", queueId=" + queueId
                + ", queueOffset=" + queueOffset
                + ", transactionId=" + transactionId
                + ", batchUniqId=" + batchUniqId
                + ", recallHandle=" + recallHandle
                + ", msgRegion=" + msgRegion
                + ", traceOn=" + traceOn
                + "]";
    }
}
