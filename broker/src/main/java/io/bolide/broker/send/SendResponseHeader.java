package io.bolide.broker.send;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The ext fields of a send response, written straight from the put result: numbers go out as
 * decimal ASCII through the writer, the constant fields are shared bytes.
 */
final class SendResponseHeader implements CommandHeader {
    private static final byte[] MSG_ID = ascii("msgId");
    private static final byte[] QUEUE_ID = ascii("queueId");
    private static final byte[] QUEUE_OFFSET = ascii("queueOffset");
    private static final byte[] TRANSACTION_ID = ascii("transactionId");
    private static final byte[] RECALL_HANDLE = ascii("recallHandle");
    private static final byte[] MSG_REGION = ascii("MSG_REGION");
    private static final byte[] TRACE_ON = ascii("TRACE_ON");

    private final String msgId;
    private final int queueId;
    private final long queueOffset;
    private final String transactionId;
    private final String recallHandle;
    private final String region;
    private final String traceOn;

    SendResponseHeader(
            String msgId,
            int queueId,
            long queueOffset,
            String transactionId,
            String recallHandle,
            String region,
            String traceOn) {
        this.msgId = msgId;
        this.queueId = queueId;
        this.queueOffset = queueOffset;
        this.transactionId = transactionId;
        this.recallHandle = recallHandle;
        this.region = region;
        this.traceOn = traceOn;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, MSG_ID, msgId);
        writer.putLong(out, QUEUE_ID, queueId);
        writer.putLong(out, QUEUE_OFFSET, queueOffset);
        writer.putString(out, TRANSACTION_ID, transactionId);
        if (recallHandle != null) {
            writer.putString(out, RECALL_HANDLE, recallHandle);
        }
        writer.putString(out, MSG_REGION, region);
        writer.putString(out, TRACE_ON, traceOn);
    }

    private static byte[] ascii(String key) {
        return key.getBytes(StandardCharsets.US_ASCII);
    }
}
