package io.bolide.broker.pop;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Takes messages for a pop: from the requested queue, or (queue -1) from every readable queue of
 * the topic starting at a rotating one, plus the group's POP retry topic, which is read first on
 * one pop in {@value #RETRY_FIRST_EVERY} as the reference does so retries neither starve nor crowd
 * out new messages; a PRIORITY topic is read highest priority first ({@link PriorityOrder}). Each
 * queue is read under its state's monitor, so concurrent pops of one group never take the same
 * offset.
 */
final class Popper {
    static final int RETRY_FIRST_EVERY = 5;

    private final PopBook book;
    private final MessageStore store;
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final IntSupplier maxBytes;
    private final AtomicInteger turn = new AtomicInteger();
    private final PriorityOrder priority;

    Popper(
            PopBook book,
            MessageStore store,
            TopicTable topics,
            ConsumerOffsetTable offsets,
            IntSupplier maxBytes,
            PriorityOrder priority) {
        this.book = book;
        this.priority = priority;
        this.store = store;
        this.topics = topics;
        this.offsets = offsets;
        this.maxBytes = maxBytes;
    }

    PopBatch pop(PopRequest request) {
        return pop(request, book.now());
    }

    /** A pop at {@code popTime}: one answer's batches from several queues share one pop time. */
    PopBatch pop(PopRequest request, long popTime) {
        PopBatch batch = new PopBatch(popTime);
        for (QueueKey key : queuesOf(request)) {
            take(key, request, batch);
        }
        return batch;
    }

    /** Whether any queue {@code request} reads has a message past its pop offset. */
    boolean hasNews(PopRequest request) {
        for (QueueKey key : queuesOf(request)) {
            PopQueue queue = book.find(key);
            if (queue != null && request.order && busy(queue)) {
                continue; // an orderly consumer gets nothing here until its batch is done
            }
            long from = queue == null ? initialOffset(key, request.initMode) : queue.popOffset();
            if (store.maxOffset(key.topic(), key.queueId()) > from) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code request}'s group has anything left on the queues it reads: a message past the
     * pop offset or one in flight (whose end may hand it out again).
     */
    boolean pending(PopRequest request) {
        for (QueueKey key : queuesOf(request)) {
            PopQueue queue = book.find(key);
            if (queue != null && busy(queue)) {
                return true;
            }
            long from = queue == null ? initialOffset(key, request.initMode) : queue.popOffset();
            if (store.maxOffset(key.topic(), key.queueId()) > from) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code queue} (queue 0 of a lite topic) ever stored a message: one that never did has
     * nothing pending for any group, nor revived messages in a retry topic.
     */
    boolean everStored(String queue) {
        return store.maxOffset(queue, 0) > 0;
    }

    private static boolean busy(PopQueue queue) {
        synchronized (queue) {
            return queue.inFlightCount() > 0;
        }
    }

    private List<QueueKey> queuesOf(PopRequest request) {
        int turn = this.turn.getAndIncrement() & Integer.MAX_VALUE;
        List<QueueKey> keys = new ArrayList<>();
        TopicConfig retry = topics.get(ReceiptHandle.retryTopic(request.group, request.topic));
        TopicConfig main = topics.get(request.topic);
        PriorityOrder.Plan plan = priority.plan(main, request.order);
        boolean retryFirst =
                retry != null && (plan == null ? turn % RETRY_FIRST_EVERY == 0 : plan.retryFirst());
        if (retryFirst) {
            addQueues(keys, request.group, retry, -1, turn);
        }
        if (main == null && LiteNames.isQueueName(request.topic)) {
            // A lite topic is one queue, named by itself; it has no entry in the topic table.
            keys.add(new QueueKey(request.group, request.topic, 0));
        } else if (plan != null && request.queueId < 0) {
            int n = main.readQueueNums();
            for (int i = 0; i < n; i++) {
                keys.add(
                        new QueueKey(
                                request.group,
                                main.topicName(),
                                PriorityOrder.queueAt(plan, i, n)));
            }
        } else {
            addQueues(keys, request.group, main, request.queueId, turn);
        }
        if (retry != null && !retryFirst) {
            addQueues(keys, request.group, retry, -1, turn);
        }
        return keys;
    }

    private static void addQueues(
            List<QueueKey> keys, String group, TopicConfig topic, int queueId, int turn) {
        if (topic == null) {
            return;
        }
        if (queueId >= 0) {
            keys.add(new QueueKey(group, topic.topicName(), queueId));
            return;
        }
        int n = topic.readQueueNums();
        for (int i = 0; i < n; i++) {
            keys.add(new QueueKey(group, topic.topicName(), (turn + i) % n));
        }
    }

    private void take(QueueKey key, PopRequest request, PopBatch batch) {
        PopQueue queue = book.queue(key, () -> initialOffset(key, request.initMode));
        synchronized (queue) {
            int room = request.maxCount - batch.count();
            if (room > 0 && !(request.order && queue.inFlightCount() > 0)) {
                read(queue, request, batch, room);
            }
            long max = store.maxOffset(key.topic(), key.queueId());
            batch.restNum += Math.max(0, max - queue.popOffset());
        }
    }

    private void read(PopQueue queue, PopRequest request, PopBatch batch, int room) {
        QueueKey key = queue.key;
        long offset = queue.popOffset();
        GetResult result =
                store.getMessages(
                        key.topic(),
                        key.queueId(),
                        offset,
                        room,
                        maxBytes.getAsInt(),
                        request.filter,
                        request.recordFilter);
        switch (result.status()) {
            case FOUND:
                found(queue, request, batch, result, offset);
                return;
            case NO_MATCHED_MESSAGE:
                skipped(queue, batch, result.nextBeginOffset());
                break;
            case OFFSET_TOO_SMALL:
                queue.reset(result.minOffset());
                skipped(queue, batch, result.minOffset());
                break;
            case OFFSET_OVERFLOW_BADLY:
                queue.reset(result.maxOffset());
                break;
            default:
                break;
        }
        result.release();
    }

    private void found(
            PopQueue queue, PopRequest request, PopBatch batch, GetResult result, long start) {
        List<ByteBuf> records = result.messages();
        long[] taken = new long[records.size()];
        StoredMessageFlyweight record = new StoredMessageFlyweight();
        for (int i = 0; i < taken.length; i++) {
            ByteBuf r = records.get(i);
            taken[i] = record.wrap(r, r.readerIndex(), r.writerIndex()).queueOffset();
            batch.add(r);
        }
        long deadline = batch.popTime + request.invisibleTime;
        if (request.order) {
            queue.orderly(true);
            orderCounts(queue, batch, taken);
        }
        book.popped(queue, batch.popTime, deadline, result.nextBeginOffset(), taken, taken.length);
        QueueKey key = queue.key;
        batch.info.add(key.topic(), key.queueId(), start, taken, taken.length);
    }

    /** The order counts of an orderly batch, as the reference lays them out. */
    private static void orderCounts(PopQueue queue, PopBatch batch, long[] taken) {
        QueueKey key = queue.key;
        int least = Integer.MAX_VALUE;
        int counted = 0;
        for (long offset : taken) {
            int count = queue.redelivered(offset);
            if (count > 0) {
                batch.info.orderCount(key.topic(), key.queueId(), offset, count);
                batch.redelivered(key.queueId(), offset, count);
                counted++;
                least = Math.min(least, count);
            }
        }
        int queueCount = counted == taken.length && counted > 0 ? least : 0;
        batch.info.queueOrderCount(key.topic(), key.queueId(), queueCount);
    }

    /** Records filtered out move the pop offset with nothing in flight. */
    private void skipped(PopQueue queue, PopBatch batch, long next) {
        if (next > queue.popOffset()) {
            book.popped(queue, batch.popTime, batch.popTime, next, new long[0], 0);
        }
    }

    /** Where a group with no progress on {@code key} starts. */
    private long initialOffset(QueueKey key, int initMode) {
        long committed = offsets.query(key.group(), key.topic(), key.queueId());
        if (committed >= 0) {
            return committed;
        }
        // A young queue (still starting at offset 0, so all of it in memory) is read from its
        // start whatever the mode, as the reference does by default (initPopOffsetByCheckMsgInMem)
        // and as QUERY_CONSUMER_OFFSET answers a pull consumer: a group's queues are first popped
        // one by one, and a message sent to a queue before its first pop must not be skipped.
        boolean fromFirst =
                initMode == PopRequest.INIT_MIN
                        || key.topic().startsWith(ReceiptHandle.RETRY_PREFIX)
                        || store.minOffset(key.topic(), key.queueId()) == 0;
        return fromFirst
                ? store.minOffset(key.topic(), key.queueId())
                : store.maxOffset(key.topic(), key.queueId());
    }
}
