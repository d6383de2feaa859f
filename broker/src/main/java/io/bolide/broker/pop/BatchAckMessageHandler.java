package io.bolide.broker.pop;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BatchAck;
import io.bolide.protocol.body.BatchAckMessageRequestBody;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.BitSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * BATCH_ACK_MESSAGE (200151): several acknowledgements in one request, as Apache's proxy sends them
 * for the gRPC SDKs (the remoting push consumer acknowledges one by one). Each {@link BatchAck}
 * names one pop batch of one queue and a bit per acknowledged offset; its messages leave flight
 * with one pop log record, not one per message. As the reference does, an entry naming no queue of
 * this broker and offsets outside the queue are skipped and the answer is SUCCESS; a body without
 * entries is answered NO_MESSAGE.
 */
final class BatchAckMessageHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(BatchAckMessageHandler.class);
    private final TopicTable topics;
    private final MessageStore store;
    private final PopBook book;

    BatchAckMessageHandler(TopicTable topics, MessageStore store, PopBook book) {
        this.topics = topics;
        this.store = store;
        this.book = book;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        List<BatchAck> acks = null;
        if (request.body() != null && request.body().isReadable()) {
            acks = BodyCodec.decode(request.body(), BatchAckMessageRequestBody.class).acks();
        }
        if (acks == null || acks.isEmpty()) {
            exchange.respond(ResponseCode.NO_MESSAGE, null);
            return;
        }
        for (BatchAck ack : acks) {
            if (ack != null) {
                ack(ack);
            }
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    private void ack(BatchAck ack) {
        String topic = ReceiptHandle.storedTopic(ack.topic(), ack.consumerGroup(), ack.retry());
        TopicConfig config = topics.get(topic);
        if (config == null || ack.queueId() < 0 || ack.queueId() >= config.readQueueNums()) {
            LOG.debug("batch ack names no queue here: {}", ack);
            return;
        }
        BitSet bits = ack.bitSet() == null ? new BitSet() : ack.bitSet();
        long min = store.minOffset(topic, ack.queueId());
        long max = store.maxOffset(topic, ack.queueId());
        long[] offsets = new long[bits.cardinality()];
        int count = 0;
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            long offset = ack.startOffset() + i;
            if (offset >= min && offset <= max) {
                offsets[count++] = offset;
            }
            if (i == Integer.MAX_VALUE) {
                break;
            }
        }
        QueueKey key = new QueueKey(ack.consumerGroup(), topic, ack.queueId());
        int acked = book.ackAll(key, ack.popTime(), offsets, count);
        if (LOG.isDebugEnabled()) {
            LOG.debug("batch ack {}: {} of {} acknowledged", key, acked, count);
        }
    }
}
