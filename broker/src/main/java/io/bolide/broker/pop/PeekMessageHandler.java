package io.bolide.broker.pop;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PeekMessageRequestHeader;
import io.bolide.protocol.header.PopMessageResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.util.function.IntSupplier;

/**
 * PEEK_MESSAGE (200052): the messages a group's next pop of a queue would take, without taking them
 * (nothing goes in flight). Queue -1 reads the topic's queues in order until {@code maxMsgNums} are
 * found.
 */
final class PeekMessageHandler implements RequestHandler {
    private final TopicTable topics;
    private final PopBook book;
    private final MessageStore store;
    private final IntSupplier maxBytes;

    PeekMessageHandler(TopicTable topics, PopBook book, MessageStore store, IntSupplier maxBytes) {
        this.topics = topics;
        this.book = book;
        this.store = store;
        this.maxBytes = maxBytes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        PeekMessageRequestHeader header = PeekMessageRequestHeader.decode(request.extFields());
        TopicConfig topic = topics.get(header.topic());
        if (topic == null) {
            exchange.respond(
                    ResponseCode.TOPIC_NOT_EXIST, "topic[" + header.topic() + "] not exist");
            return;
        }
        int max = Math.max(1, Math.min(PopMessageHandler.MAX_MSG_NUMS, header.maxMsgNums()));
        PopBatch batch = new PopBatch(book.now());
        int first = header.queueId() < 0 ? 0 : header.queueId();
        int last = header.queueId() < 0 ? topic.readQueueNums() - 1 : header.queueId();
        for (int q = first; q <= last && batch.count() < max; q++) {
            peek(new QueueKey(header.consumerGroup(), header.topic(), q), max, batch);
        }
        PopMessageResponseHeader answer =
                new PopMessageResponseHeader()
                        .popTime(batch.popTime)
                        .invisibleTime(0)
                        .reviveQid(0)
                        .restNum(batch.restNum);
        if (batch.count() == 0) {
            exchange.respond(ResponseCode.PULL_NOT_FOUND, "no new message", answer, null);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, "FOUND", answer, batch.body());
    }

    private void peek(QueueKey key, int max, PopBatch batch) {
        PopQueue queue = book.find(key);
        long offset =
                queue == null ? store.minOffset(key.topic(), key.queueId()) : queuePopOffset(queue);
        GetResult result =
                store.getMessages(
                        key.topic(),
                        key.queueId(),
                        offset,
                        max - batch.count(),
                        maxBytes.getAsInt(),
                        null);
        batch.restNum += Math.max(0, result.maxOffset() - offset);
        if (result.status() != GetStatus.FOUND) {
            result.release();
            return;
        }
        for (ByteBuf record : result.messages()) {
            batch.add(record);
        }
    }

    private static long queuePopOffset(PopQueue queue) {
        synchronized (queue) {
            return queue.popOffset();
        }
    }
}
