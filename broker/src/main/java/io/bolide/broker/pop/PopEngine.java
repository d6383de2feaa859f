package io.bolide.broker.pop;

import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.broker.lite.LiteNames;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * POP for another front door (the gRPC endpoint): take, acknowledge and re-time messages with the
 * same book, pop log and revive as the remoting codes, without a remoting exchange. Receipt handles
 * are the remoting ones ({@link ReceiptHandle}), so either protocol can acknowledge a message the
 * other handed out.
 */
public final class PopEngine {
    private final Popper popper;
    private final PopBook book;
    private final String brokerName;
    private final PopHold hold;

    PopEngine(Popper popper, PopBook book, String brokerName, PopHold hold) {
        this.popper = popper;
        this.book = book;
        this.brokerName = brokerName;
        this.hold = hold;
    }

    /** A request waiting in the POP hold for news on several queues (a lite pop). */
    public interface Wait {
        /** Whether something is there for it now (checked as it starts to wait). */
        boolean hasNews();

        /**
         * Answers it, on the {@code bolide-pop} thread; {@code mayHold}: an arrival woke it, and it
         * may wait again (its deadline kept) when another reader took what arrived.
         */
        void answer(boolean mayHold);
    }

    /**
     * Holds {@code wait} of {@code group} on {@code topic} until an arrival on any of {@code
     * watched} (queue names, or a key {@link #touch} marks) or until {@code deadlineMs} (epoch ms);
     * one wake-up per arrival batch, as held pops. False if the broker is shutting down: answer
     * now.
     */
    public boolean hold(
            String group, String topic, long deadlineMs, List<String> watched, Wait wait) {
        PopRequest request =
                new PopRequest(
                        new PopRequest.Target(group, topic, 0),
                        0,
                        0,
                        PopRequest.INIT_MIN,
                        true,
                        new Subscription(topic, "*", 0, TagFilter.parse("*"), null),
                        null,
                        1);
        request.deadline = deadlineMs;
        PopHold.Rerun rerun =
                new PopHold.Rerun() {
                    @Override
                    public void pop(PopRequest r, boolean mayHold) {
                        wait.answer(mayHold);
                    }

                    @Override
                    public boolean hasNews(PopRequest r) {
                        return wait.hasNews();
                    }
                };
        return hold.hold(request, rerun, watched);
    }

    /** Wakes what waits on {@code key} as an arrival on a queue of that name would. */
    public void touch(String key) {
        hold.arrived(key, 0, 0, 0);
    }

    /** What one pop took; the caller owns (and must release) the records. */
    public static final class Popped {
        private final PopBatch batch;
        private final long invisibleTime;
        private final boolean order;

        Popped(PopBatch batch, long invisibleTime, boolean order) {
            this.batch = batch;
            this.invisibleTime = invisibleTime;
            this.order = order;
        }

        public long popTime() {
            return batch.popTime;
        }

        public long invisibleTime() {
            return invisibleTime;
        }

        public boolean order() {
            return order;
        }

        public List<ByteBuf> records() {
            return batch.records();
        }

        /**
         * An orderly pop: how often the record at {@code queueOffset} of {@code queueId} was
         * delivered before (an orderly batch comes again from its queue, not as a retry message, so
         * the stored reconsume times do not count it); 0 otherwise.
         */
        public int redeliveries(int queueId, long queueOffset) {
            return batch.redeliveries(queueId, queueOffset);
        }
    }

    /**
     * Takes up to {@code max} messages of {@code group} from {@code topic} (queue -1: any) and the
     * group's POP retry topic, invisible for {@code invisibleMs}. An {@code order}ly pop takes
     * nothing from a queue while an earlier orderly batch of it is in flight (the remoting POP's
     * orderly bookkeeping): a FIFO group's next message waits for the previous one's ack or for its
     * invisible time to run out. {@code filter} is a tag expression's or a compiled SQL92 one's.
     */
    public Popped pop(
            String group,
            String topic,
            int queueId,
            int max,
            long invisibleMs,
            Subscription filter,
            boolean order) {
        return pop(group, topic, queueId, max, invisibleMs, filter, order, -1);
    }

    /**
     * {@link #pop(String, String, int, int, long, Subscription, boolean) A pop} stamped with {@code
     * popTime} (-1: now): the pops of one answer that carries a single pop time for all its
     * messages (POP_LITE_MESSAGE over several lite topics) share the first one's.
     */
    public Popped pop(
            String group,
            String topic,
            int queueId,
            int max,
            long invisibleMs,
            Subscription filter,
            boolean order,
            long popTime) {
        PopRequest request =
                new PopRequest(
                        new PopRequest.Target(group, topic, queueId),
                        max,
                        invisibleMs,
                        PopRequest.INIT_MIN,
                        order,
                        filter,
                        null,
                        0);
        PopBatch batch = popTime < 0 ? popper.pop(request) : popper.pop(request, popTime);
        return new Popped(batch, invisibleMs, order);
    }

    /**
     * Whether {@code topic} (or the group's retry topic) has messages past the pop offsets; for an
     * {@code order}ly reader, only in queues with no batch in flight (a held FIFO receive that
     * counted the queue it waits on as news would be woken again and again).
     */
    public boolean hasNews(String group, String topic, boolean order) {
        return popper.hasNews(probe(group, topic, order));
    }

    /**
     * Whether {@code group} has anything left on {@code topic}: a message past its pop offsets or
     * one in flight (an orderly batch whose end hands out what follows, or it again).
     */
    public boolean pending(String group, String topic) {
        // A subscription asks this of each lite topic it adds, most of them not yet written to:
        // answered without building a probe.
        if (LiteNames.isQueueName(topic) && !popper.everStored(topic)) {
            return false;
        }
        return popper.pending(probe(group, topic, true));
    }

    /**
     * Tells {@code listener} the name of each lite topic's queue a message arrives in (dispatch
     * thread), or whose orderly batch is to be handed out again (pop agent thread): what a lite pop
     * and its long polling wait on.
     */
    public void onLiteArrival(java.util.function.Consumer<String> listener) {
        hold.onLiteArrival(listener);
    }

    private static PopRequest probe(String group, String topic, boolean order) {
        return new PopRequest(
                new PopRequest.Target(group, topic, -1),
                1,
                0,
                PopRequest.INIT_MIN,
                order,
                new Subscription(topic, "*", 0, TagFilter.parse("*"), null),
                null,
                0);
    }

    /** The receipt handle of a record {@code popped} took from {@code storedTopic}. */
    public String receiptHandle(Popped popped, String storedTopic, int queueId, long offset) {
        return new ReceiptHandle(
                        offset,
                        popped.popTime(),
                        popped.invisibleTime(),
                        popped.order() ? ReceiptHandle.ORDER_REVIVE_QID : 0,
                        ReceiptHandle.retryFlag(storedTopic),
                        brokerName,
                        queueId,
                        offset)
                .format();
    }

    /**
     * Acknowledges the message {@code handle} names for {@code group} reading {@code topic}.
     *
     * @return whether it was in that delivery (false: stale, already acknowledged or revived)
     * @throws IllegalArgumentException when the handle is malformed
     */
    public boolean ack(String group, String topic, String handle) {
        ReceiptHandle h = ReceiptHandle.parse(handle);
        return book.ack(key(group, topic, h), h.queueOffset(), h.popTime());
    }

    /**
     * Makes the message {@code handle} names visible again {@code invisibleMs} from now.
     *
     * @return the new handle, or null when the message is no longer in that delivery
     * @throws IllegalArgumentException when the handle is malformed
     */
    public String change(String group, String topic, String handle, long invisibleMs) {
        ReceiptHandle h = ReceiptHandle.parse(handle);
        long popTime = book.change(key(group, topic, h), h.queueOffset(), h.popTime(), invisibleMs);
        if (popTime < 0) {
            return null;
        }
        return new ReceiptHandle(
                        h.startOffset(),
                        popTime,
                        invisibleMs,
                        h.reviveQid(),
                        h.retry(),
                        h.brokerName(),
                        h.queueId(),
                        h.queueOffset())
                .format();
    }

    /**
     * Makes {@code group} read {@code topic}'s queue {@code queueId} from {@code offset} on: its
     * next pop there starts at it, what it had in flight there is forgotten, and its committed
     * offset becomes {@code offset} (a lite subscription's offset option or reset). A move counts
     * as an arrival on the queue: a lite topic's enters the ready sets of its readers and the pops
     * held on it look again, so what the move makes available again is served at once.
     */
    public void reset(String group, String topic, int queueId, long offset) {
        book.reset(new QueueKey(group, topic, queueId), offset);
        hold.arrived(topic, queueId, offset, 0);
    }

    /**
     * Below which offset {@code group} acknowledged everything on {@code topic}'s queue {@code
     * queueId} (where its first pop there started, while nothing is acknowledged), -1 when it never
     * popped there.
     */
    public long ackedBelow(String group, String topic, int queueId) {
        return book.ackedBelow(new QueueKey(group, topic, queueId));
    }

    /** Where the message a receipt handle names is stored: topic, queue and queue offset. */
    public record Location(String storedTopic, int queueId, long queueOffset) {}

    /**
     * The queue position of the message {@code handle} names for {@code group} reading {@code
     * topic} (its stored topic may be the group's retry topic).
     *
     * @throws IllegalArgumentException when the handle is malformed
     */
    public Location locate(String group, String topic, String handle) {
        ReceiptHandle h = ReceiptHandle.parse(handle);
        QueueKey key = key(group, topic, h);
        return new Location(key.topic(), h.queueId(), h.queueOffset());
    }

    private static QueueKey key(String group, String topic, ReceiptHandle h) {
        String stored =
                ReceiptHandle.NORMAL.equals(h.retry())
                        ? topic
                        : ReceiptHandle.retryTopic(group, topic);
        return new QueueKey(group, stored, h.queueId());
    }
}
