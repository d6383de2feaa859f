package io.bolide.broker.pop;

import io.bolide.broker.lite.LiteNames;
import io.bolide.store.ArrivalListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Long polling for POP, in the design of the pull hold (docs/architecture.md rule 8): a pop that
 * found nothing waits here until a message arrives on its topic (or its POP retry topic) or its
 * poll time passes. The store's dispatch thread only marks the topic and wakes the pop agent; the
 * agent drains all marks at once and re-runs each waiting pop of a marked topic once per batch.
 * Only the agent thread touches the waiting table; new holds reach it through a queue. Expiry is a
 * heap by deadline, so a cycle costs the pops that expire, not a scan of all that wait.
 */
final class PopHold implements ArrivalListener {
    /** Re-runs a pop; {@code mayHold} false answers with whatever is there. */
    interface Rerun {
        void pop(PopRequest request, boolean mayHold);

        /** Whether a message arrived for {@code request} before it was watched. */
        boolean hasNews(PopRequest request);
    }

    /**
     * One wait of a request; a re-held request waits again under a new entry. {@code rerun} null: a
     * pop, re-run by the agent's default; otherwise what answers it (a notification).
     */
    private static final class Held {
        final PopRequest request;
        final Rerun rerun;
        final AtomicInteger polling;
        final List<String> topics;

        /** Watches many queues (a lite pop): taken out of all their lists once it ends. */
        final boolean sweep;

        boolean done;

        Held(PopRequest request, Rerun rerun, AtomicInteger polling) {
            this(
                    request,
                    rerun,
                    polling,
                    List.of(request.topic, ReceiptHandle.retryTopic(request.group, request.topic)),
                    false);
        }

        Held(
                PopRequest request,
                Rerun rerun,
                AtomicInteger polling,
                List<String> topics,
                boolean sweep) {
            this.request = request;
            this.rerun = rerun;
            this.polling = polling;
            this.topics = topics;
            this.sweep = sweep;
        }

        Rerun rerunner(Rerun pops) {
            return rerun == null ? pops : rerun;
        }
    }

    private static final int PRUNE_EVERY = 64;

    /** Held pops per group, topic and requested queue, as POLLING_INFO reports them. */
    private final Map<QueueKey, AtomicInteger> polling = new ConcurrentHashMap<>();

    private final ConcurrentLinkedQueue<Held> incoming = new ConcurrentLinkedQueue<>();
    private final Set<String> watched = ConcurrentHashMap.newKeySet();
    private final Set<String> arrived = ConcurrentHashMap.newKeySet();
    private final Map<String, List<Held>> waiting = new HashMap<>();
    private final PriorityQueue<Held> byDeadline =
            new PriorityQueue<>((a, b) -> Long.compare(a.request.deadline, b.request.deadline));
    private final LongSupplier clock;
    private final Runnable wake;
    private volatile boolean closing;
    private volatile Consumer<String> lites = queue -> {};

    PopHold(LongSupplier clock, Runnable wake) {
        this.clock = clock;
        this.wake = wake;
    }

    /** Holds a pop; false if the hold is closing (answer now). */
    boolean hold(PopRequest request) {
        QueueKey key = new QueueKey(request.group, request.topic, request.queueId);
        AtomicInteger count = polling.computeIfAbsent(key, k -> new AtomicInteger());
        count.incrementAndGet();
        if (!hold(new Held(request, null, count))) {
            count.decrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * Holds a request answered by {@code rerun} (a notification) on the same wake-ups as pops;
     * false if the hold is closing (answer now). Not counted as a held pop.
     */
    boolean hold(PopRequest request, Rerun rerun) {
        return hold(new Held(request, rerun, null));
    }

    /**
     * Holds a request answered by {@code rerun} until an arrival on any of {@code topics} (a lite
     * pop waits on the queues of its client's lite topics and on a key its client's subscription
     * changes mark); false if the hold is closing (answer now). Not counted as a held pop.
     */
    boolean hold(PopRequest request, Rerun rerun, List<String> topics) {
        return hold(new Held(request, rerun, null, List.copyOf(topics), true));
    }

    private boolean hold(Held held) {
        PopRequest request = held.request;
        if (closing) {
            return false;
        }
        if (request.deadline == 0) { // a re-held pop keeps its first deadline
            request.deadline = clock.getAsLong() + request.pollMillis;
        }
        watched.addAll(held.topics);
        incoming.add(held);
        wake.run();
        return true;
    }

    /** How many pops of {@code group} on {@code topic} / {@code queueId} wait (POLLING_INFO). */
    int polling(String group, String topic, int queueId) {
        AtomicInteger count = polling.get(new QueueKey(group, topic, queueId));
        return count == null ? 0 : count.get();
    }

    /** Tells {@code listener} of each arrival on a lite topic's queue (see PopEngine). */
    void onLiteArrival(Consumer<String> listener) {
        lites = listener;
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        if (LiteNames.isQueueName(topic)) {
            lites.accept(topic);
        } else if (topic.startsWith(ReceiptHandle.RETRY_PREFIX)) {
            // A lite message revived for a group that pops it unordered: its lite queue has news.
            int lite = topic.indexOf(LiteNames.PREFIX);
            if (lite > 0) {
                lites.accept(topic.substring(lite));
            }
        }
        if (watched.contains(topic) && arrived.add(topic)) {
            wake.run();
        }
    }

    /** One duty cycle on the agent thread; returns the pops re-run. */
    int doWork(Rerun rerun) {
        int work = 0;
        Held next;
        // Only those handed in before this cycle: a wait that news answered and that waits again
        // (another reader took what arrived) comes back next cycle, after the deadlines below.
        for (int n = incoming.size(); n > 0 && (next = incoming.poll()) != null; n--) {
            // Watched again before the check: a wake-up of an earlier wait on the same key may
            // have taken the key out since this one was handed in, and an arrival after the check
            // must still find it.
            watched.addAll(next.topics);
            if (next.rerunner(rerun).hasNews(next.request)) {
                finish(next, rerun, true);
                work++;
                continue;
            }
            for (String topic : next.topics) {
                add(topic, next);
            }
            byDeadline.add(next);
        }
        if (!arrived.isEmpty()) {
            for (String topic : new ArrayList<>(arrived)) {
                arrived.remove(topic);
                work += wakeTopic(topic, rerun);
            }
        }
        long now = clock.getAsLong();
        while (!byDeadline.isEmpty() && (byDeadline.peek().request.deadline <= now || closing)) {
            Held expired = byDeadline.poll();
            if (!expired.done) {
                finish(expired, rerun, false);
                forget(expired);
                work++;
            }
        }
        return work;
    }

    private void add(String topic, Held request) {
        List<Held> list = waiting.computeIfAbsent(topic, t -> new ArrayList<>());
        if ((list.size() & PRUNE_EVERY - 1) == PRUNE_EVERY - 1) {
            // A pop waits on its topic and its retry topic (a lite pop on several queues); woken
            // through one, it stays in the others' lists, which a quiet topic would never clear.
            list.removeIf(h -> h.done);
        }
        list.add(request);
    }

    private int wakeTopic(String topic, Rerun rerun) {
        List<Held> list = waiting.remove(topic);
        if (list == null) {
            watched.remove(topic);
            return 0;
        }
        watched.remove(topic);
        int work = 0;
        for (Held held : list) {
            if (!held.done) {
                finish(held, rerun, true);
                forget(held);
                work++;
            }
        }
        return work;
    }

    /**
     * Takes an ended lite hold out of the lists of the queues it watched: a lite pop watches every
     * lite topic of its client, most of them quiet, whose lists would otherwise keep it.
     */
    private void forget(Held held) {
        if (!held.sweep) {
            return;
        }
        for (String topic : held.topics) {
            List<Held> list = waiting.get(topic);
            if (list != null && list.remove(held) && list.isEmpty()) {
                waiting.remove(topic);
            }
        }
    }

    /** Ends a wait: uncounts it, then re-runs its request ({@code mayHold}: it may wait again). */
    private static void finish(Held held, Rerun rerun, boolean mayHold) {
        held.done = true;
        if (held.polling != null) {
            held.polling.decrementAndGet();
        }
        held.rerunner(rerun).pop(held.request, mayHold);
    }

    /** When the earliest hold expires (epoch ms), or Long.MAX_VALUE. */
    long nextDeadline() {
        Held first = byDeadline.peek();
        return first == null ? Long.MAX_VALUE : first.request.deadline;
    }

    int heldCount() {
        return byDeadline.size();
    }

    /** From now on holds are refused and those waiting are answered at the next cycle. */
    void close() {
        closing = true;
        wake.run();
    }
}
