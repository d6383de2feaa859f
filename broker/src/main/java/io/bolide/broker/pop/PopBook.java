package io.bolide.broker.pop;

import io.bolide.broker.table.ConsumerOffsetTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The POP bookkeeping: per consumer group and queue, the next offset to hand out and the messages
 * in flight ({@link PopQueue}); the revive schedule, a heap of {@link Due} deliveries ordered by
 * deadline, so finding what expired costs the expired entries, not a scan of everything in flight;
 * and the {@link PopLog} every change is recorded in. Acknowledgements also move the group's
 * consumer offset to the lowest offset still in flight, so admin tools see POP progress.
 */
final class PopBook implements PopLogReplay.Sink, AutoCloseable {
    private final Map<QueueKey, PopQueue> queues = new ConcurrentHashMap<>();
    private final PriorityQueue<Due> schedule = new PriorityQueue<>();

    /** Topics an orderly rewind made poppable again; touched by the pop agent's thread only. */
    private final List<String> rewound = new ArrayList<>();

    private final ConsumerOffsetTable offsets;
    private final LongSupplier clock;
    private PopLog log;

    private PopBook(ConsumerOffsetTable offsets, LongSupplier clock) {
        this.offsets = offsets;
        this.clock = clock;
    }

    /** Opens the book from the pop log at {@code file}; {@code clock} reads epoch ms. */
    static PopBook open(Path file, ConsumerOffsetTable offsets, LongSupplier clock)
            throws IOException {
        PopBook book = new PopBook(offsets, clock);
        book.log = PopLog.open(file, book);
        for (PopQueue queue : book.queues.values()) {
            for (Map.Entry<Long, InFlight> e : queue.inFlight().entrySet()) {
                InFlight f = e.getValue();
                book.schedule.add(
                        new Due(f.deadline(), queue, f.popTime(), new long[] {e.getKey()}, 1));
            }
        }
        return book;
    }

    long now() {
        return clock.getAsLong();
    }

    /** The state of {@code key}, created at {@code initialOffset} on first use. */
    PopQueue queue(QueueKey key, LongSupplier initialOffset) {
        PopQueue queue = queues.get(key);
        if (queue != null) {
            return queue;
        }
        return queues.computeIfAbsent(key, k -> new PopQueue(k, initialOffset.getAsLong()));
    }

    /** The state of {@code key}, or null if it never popped. */
    PopQueue find(QueueKey key) {
        return queues.get(key);
    }

    /**
     * Records a pop of {@code queue} (whose monitor the caller holds): {@code offsets} handed out
     * in delivery {@code popTime} until {@code deadline}, and the next offset to hand out.
     */
    void popped(PopQueue queue, long popTime, long deadline, long next, long[] taken, int count) {
        for (int i = 0; i < count; i++) {
            queue.take(taken[i], popTime, deadline);
        }
        queue.advance(next);
        log.popped(queue.key, queue.orderly(), popTime, deadline, next, taken, count);
        if (count > 0) {
            synchronized (schedule) {
                schedule.add(new Due(deadline, queue, popTime, taken, count));
            }
        }
    }

    /**
     * Moves the group's next offset on {@code key} to {@code offset} and forgets what it had in
     * flight there (they are handed out again from the queue), and commits {@code offset} as the
     * group's: a lite subscription's reset.
     */
    void reset(QueueKey key, long offset) {
        PopQueue queue = queue(key, () -> offset);
        synchronized (queue) {
            queue.clearFlight();
            queue.reset(offset);
            log.state(queue);
        }
        offsets.commit(key.group(), key.topic(), key.queueId(), offset);
    }

    /**
     * Below which offset the group has acknowledged everything on {@code key} (or never took), -1
     * when it never popped there.
     */
    long ackedBelow(QueueKey key) {
        PopQueue queue = queues.get(key);
        if (queue == null) {
            return -1;
        }
        synchronized (queue) {
            return queue.ackedBelow();
        }
    }

    /** Acknowledges one message; false if it is no longer in that delivery. */
    boolean ack(QueueKey key, long offset, long popTime) {
        PopQueue queue = queues.get(key);
        if (queue == null) {
            return false;
        }
        long ackedBelow;
        synchronized (queue) {
            if (queue.remove(offset, popTime) == null) {
                return false;
            }
            log.removed(key, offset, popTime);
            ackedBelow = queue.ackedBelow();
        }
        offsets.commit(key.group(), key.topic(), key.queueId(), ackedBelow);
        return true;
    }

    /**
     * Acknowledges the messages at {@code offsets[0..count)} of delivery {@code popTime} with one
     * pop log record; returns how many of them were still in that delivery.
     */
    int ackAll(QueueKey key, long popTime, long[] offsets, int count) {
        PopQueue queue = queues.get(key);
        if (queue == null) {
            return 0;
        }
        long[] removed = new long[count];
        int acked = 0;
        long ackedBelow;
        synchronized (queue) {
            for (int i = 0; i < count; i++) {
                if (queue.remove(offsets[i], popTime) != null) {
                    removed[acked++] = offsets[i];
                }
            }
            if (acked == 0) {
                return 0;
            }
            log.removedAll(key, popTime, removed, acked);
            ackedBelow = queue.ackedBelow();
        }
        this.offsets.commit(key.group(), key.topic(), key.queueId(), ackedBelow);
        return acked;
    }

    /**
     * Gives one message of delivery {@code popTime} a new delivery, visible again {@code
     * invisibleTime} ms from now; returns the new delivery's pop time, or -1 if the message is no
     * longer in that delivery.
     */
    long change(QueueKey key, long offset, long popTime, long invisibleTime) {
        PopQueue queue = queues.get(key);
        if (queue == null) {
            return -1;
        }
        long now = clock.getAsLong();
        long deadline = now + invisibleTime;
        synchronized (queue) {
            if (!queue.change(offset, popTime, now, deadline)) {
                return -1;
            }
            log.changed(key, offset, popTime, now, deadline);
        }
        synchronized (schedule) {
            schedule.add(new Due(deadline, queue, now, new long[] {offset}, 1));
        }
        return now;
    }

    /**
     * Takes up to {@code max} messages whose invisible time has passed out of flight, earliest
     * first. Their removal is not logged yet: {@link #revived} logs it once the retry copy is
     * stored, so a crash in between revives them again rather than losing them.
     */
    List<Expired> expire(int max) {
        long now = clock.getAsLong();
        List<Expired> out = new ArrayList<>();
        while (out.size() < max) {
            Due due;
            synchronized (schedule) {
                due = schedule.peek();
                if (due == null || due.deadline() > now) {
                    break;
                }
                schedule.poll();
            }
            PopQueue queue = due.queue();
            synchronized (queue) {
                if (queue.orderly()) {
                    rewind(queue, due);
                    continue;
                }
                for (int i = 0; i < due.count(); i++) {
                    if (queue.remove(due.offsets()[i], due.popTime()) != null) {
                        out.add(new Expired(queue, due.offsets()[i], due.popTime()));
                    }
                }
            }
        }
        return out;
    }

    /**
     * An orderly batch fell due (caller holds the queue's monitor): as the reference does, its
     * messages are not copied to the retry topic but handed out again from the queue itself, from
     * the first one still in flight, each counted as delivered once more.
     */
    private void rewind(PopQueue queue, Due due) {
        long[] removed = new long[due.count()];
        int n = 0;
        long to = Long.MAX_VALUE;
        for (int i = 0; i < due.count(); i++) {
            long offset = due.offsets()[i];
            if (queue.remove(offset, due.popTime()) != null) {
                removed[n++] = offset;
                to = Math.min(to, offset);
            }
        }
        if (n == 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            queue.countRedelivery(removed[i]);
        }
        // Never forward: another part of the same batch (its own entry after a restart or a
        // change of invisible time) may have rewound the queue further already.
        long from = Math.min(to, queue.popOffset());
        queue.reset(from);
        log.rewound(queue.key, due.popTime(), from, removed, n);
        rewound.add(queue.key.topic());
    }

    /** Hands the topics rewound since the last call to {@code sink} (pop agent thread). */
    void drainRewound(java.util.function.Consumer<String> sink) {
        for (String topic : rewound) {
            sink.accept(topic);
        }
        rewound.clear();
    }

    /** The retry copy of {@code expired} is stored: log the message out of flight. */
    void revived(Expired expired) {
        PopQueue queue = expired.queue();
        long ackedBelow;
        synchronized (queue) {
            log.removed(queue.key, expired.offset(), expired.popTime());
            ackedBelow = queue.ackedBelow();
        }
        QueueKey key = queue.key;
        offsets.commit(key.group(), key.topic(), key.queueId(), ackedBelow);
    }

    /** The retry copy could not be stored: put the message back in flight, due again later. */
    void retryLater(Expired expired, long delayMillis) {
        PopQueue queue = expired.queue();
        long deadline = clock.getAsLong() + delayMillis;
        synchronized (queue) {
            queue.take(expired.offset(), expired.popTime(), deadline);
        }
        synchronized (schedule) {
            schedule.add(
                    new Due(deadline, queue, expired.popTime(), new long[] {expired.offset()}, 1));
        }
    }

    /** When the earliest delivery falls due (epoch ms), or Long.MAX_VALUE. */
    long nextDeadline() {
        synchronized (schedule) {
            Due due = schedule.peek();
            return due == null ? Long.MAX_VALUE : due.deadline();
        }
    }

    /** Writes the log's pending records; returns the bytes written. */
    int flush() throws IOException {
        return log.flush();
    }

    /** Rewrites the log as a snapshot when it has grown past {@code maxBytes}. */
    boolean compactIfLarger(long maxBytes) throws IOException {
        if (log.size() <= maxBytes) {
            return false;
        }
        log.compact(queues.values());
        return true;
    }

    Collection<PopQueue> queues() {
        return queues.values();
    }

    @Override
    public void close() throws IOException {
        log.close();
    }

    // Replay: rebuild the queues from the log's records, in order.

    @Override
    public void popped(QueueKey key, long popTime, long deadline, long next, long[] taken) {
        PopQueue queue = queues.computeIfAbsent(key, k -> new PopQueue(k, next));
        for (long offset : taken) {
            queue.take(offset, popTime, deadline);
        }
        queue.advance(next);
    }

    @Override
    public void removed(QueueKey key, long offset, long popTime) {
        PopQueue queue = queues.get(key);
        if (queue != null) {
            queue.remove(offset, popTime);
        }
    }

    @Override
    public void changed(QueueKey key, long offset, long popTime, long newPopTime, long deadline) {
        PopQueue queue = queues.get(key);
        if (queue != null) {
            queue.change(offset, popTime, newPopTime, deadline);
        }
    }

    @Override
    public void orderly(QueueKey key) {
        PopQueue queue = queues.get(key);
        if (queue != null) {
            queue.orderly(true);
        }
    }

    @Override
    public void rewound(QueueKey key, long popTime, long to, long[] offsets) {
        PopQueue queue = queues.computeIfAbsent(key, k -> new PopQueue(k, to));
        for (long offset : offsets) {
            queue.remove(offset, popTime);
        }
        queue.reset(to);
        queue.orderly(true);
    }

    @Override
    public void state(QueueKey key, long popOffset, long[] taken, InFlight[] entries) {
        PopQueue queue = new PopQueue(key, popOffset);
        for (int i = 0; i < taken.length; i++) {
            queue.take(taken[i], entries[i].popTime(), entries[i].deadline());
        }
        queues.put(key, queue);
    }
}
