package io.bolide.bench.e2e;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;

/**
 * Who made a late delivery late: the broker or the client. Records when each queue's pull request
 * left the client (an RPC hook; the client runs it for every request it sends) and when each pull
 * response arrived ({@link ArrivalHook}); for a message that arrived more than {@value #LATE_MS} ms
 * after it was stored it compares the store time with the send time of the pull that carried it
 * (one pull is in flight per queue, so that is the queue's last one sent): a pull sent before the
 * message was stored was held by the broker past the arrival; one sent after it was asked late by
 * the client, and the gap since the queue's previous response says how long the client waited.
 */
final class PullTrace implements RPCHook {
    static final long LATE_MS = 1000;
    private static final long GAP_MS = 5000;
    private static final int EVENTS = 400;
    private static final int SAMPLES = 20;

    private final Map<QueueKey, long[]> lastPull = new ConcurrentHashMap<>();
    private final Map<QueueKey, Long> lastResponse = new ConcurrentHashMap<>();
    private final Map<String, LongAdder[]> lateByGroup = new ConcurrentHashMap<>();
    private final List<String> samples = new ArrayList<>();
    private volatile long windowFrom = Long.MAX_VALUE;
    private volatile long windowTo = Long.MAX_VALUE;
    private final Map<QueueKey, ArrayDeque<String>> events = new ConcurrentHashMap<>();
    private final Set<QueueKey> lateQueues = ConcurrentHashMap.newKeySet();
    private final LongAdder longHolds = new LongAdder();
    private final PriorityQueue<Map.Entry<Long, String>> holdSamples =
            new PriorityQueue<>(Map.Entry.comparingByKey());
    private final PriorityQueue<Map.Entry<Long, String>> gapSamples =
            new PriorityQueue<>(Map.Entry.comparingByKey());

    @Override
    public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
        // The client fills the extension fields from the header object only when it encodes the
        // request, after the hooks ran.
        if (request.getCode() == RequestCode.PULL_MESSAGE
                && request.readCustomHeader() instanceof PullMessageRequestHeader h) {
            QueueKey key = new QueueKey(h.getConsumerGroup(), h.getTopic(), h.getQueueId());
            long now = System.currentTimeMillis();
            long[] previous = lastPull.put(key, new long[] {now, h.getQueueOffset()});
            event(key, now, "pull sent, offset " + h.getQueueOffset());
            // Only gaps that end in the window or start in it: after the window the sends stop
            // and pulls are held for their whole suspend time.
            if (previous != null
                    && now - previous[0] > GAP_MS
                    && now >= windowFrom
                    && previous[0] < windowTo) {
                Long response = lastResponse.get(key);
                boolean answered = response != null && response >= previous[0];
                sample(
                        gapSamples,
                        now - previous[0],
                        String.format(
                                "%s: pull (offset %d) sent %d, the next (offset %d) %+d ms later;"
                                        + " %s",
                                key,
                                previous[1],
                                previous[0],
                                h.getQueueOffset(),
                                now - previous[0],
                                answered
                                        ? "the first came back with messages "
                                                + (response - previous[0])
                                                + " ms after it was sent"
                                        : "the first came back without messages"));
            }
        }
    }

    @Override
    public void doAfterResponse(
            String remoteAddr, RemotingCommand request, RemotingCommand response) {}

    /**
     * Adds this hook to the client instance {@code consumer} runs on (each client of this JVM has
     * its own: the official client names each instance after the process and a nano time), beside
     * the hook it was made with.
     */
    @SuppressWarnings("deprecation")
    void install(DefaultMQPushConsumer consumer) {
        consumer.getDefaultMQPushConsumerImpl()
                .getmQClientFactory()
                .getMQClientAPIImpl()
                .getRemotingClient()
                .registerRPCHook(this);
    }

    /** How many groups received messages of {@code topic} at or after {@code epochMillis}. */
    long groupsArrivedSince(String topic, long epochMillis) {
        return lastResponse.entrySet().stream()
                .filter(e -> e.getKey().topic().equals(topic) && e.getValue() >= epochMillis)
                .map(e -> e.getKey().group())
                .distinct()
                .count();
    }

    /** Looks at no gap that starts at or after {@code epochMillis} (the sends stop then). */
    void windowTo(long epochMillis) {
        windowTo = epochMillis;
    }

    /** Classifies only messages born at or after {@code epochMillis}. */
    void windowFrom(long epochMillis) {
        windowFrom = epochMillis;
    }

    /**
     * A pull response of {@code group}'s queue arrived now, its first message born at {@code born}
     * and stored at {@code stored}.
     */
    void arrived(
            String group,
            String topic,
            int queueId,
            long queueOffset,
            long born,
            long stored,
            long arrived) {
        QueueKey key = new QueueKey(group, topic, queueId);
        Long previous = lastResponse.put(key, arrived);
        event(key, arrived, "messages from offset " + queueOffset + ", stored " + stored);
        long[] pull = lastPull.get(key);
        if (pull != null && arrived - pull[0] > LATE_MS && arrived - stored > LATE_MS) {
            longHold(group, queueId, queueOffset, stored, pull, arrived);
        }
        if (born < windowFrom || arrived - stored <= LATE_MS) {
            return;
        }
        boolean held = pull != null && pull[0] <= stored;
        LongAdder[] counts =
                lateByGroup.computeIfAbsent(
                        group, g -> new LongAdder[] {new LongAdder(), new LongAdder()});
        counts[held ? 0 : 1].increment();
        lateQueues.add(key);
        synchronized (samples) {
            if (samples.size() < SAMPLES) {
                samples.add(
                        String.format(
                                "%s q%d offset %d: stored %d, pull (offset %s) sent %+d ms,"
                                        + " arrived %+d ms, queue's previous response %s",
                                group,
                                queueId,
                                queueOffset,
                                stored,
                                pull == null ? "?" : Long.toString(pull[1]),
                                pull == null ? 0 : pull[0] - stored,
                                arrived - stored,
                                previous == null ? "none" : (previous - stored) + " ms"));
            }
        }
    }

    /**
     * A pull answered more than {@value #LATE_MS} ms after it was sent with a message stored more
     * than {@value #LATE_MS} ms before the answer: held past its news, or sent past it.
     */
    private void longHold(
            String group, int queueId, long queueOffset, long stored, long[] pull, long arrived) {
        longHolds.increment();
        String line =
                String.format(
                        "%s q%d: pull (offset %d) sent %d, answered %+d ms later with offset %d,"
                                + " stored %+d ms after the pull was sent",
                        group,
                        queueId,
                        pull[1],
                        pull[0],
                        arrived - pull[0],
                        queueOffset,
                        stored - pull[0]);
        sample(holdSamples, arrived - pull[0], line);
    }

    /** Keeps the queue's last {@value #EVENTS} events, for the timeline of a late one. */
    private void event(QueueKey key, long at, String what) {
        ArrayDeque<String> log = events.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (log) {
            log.add(at + " " + what);
            if (log.size() > EVENTS) {
                log.poll();
            }
        }
    }

    /** Keeps the {@value #SAMPLES} samples with the largest {@code size}. */
    private static void sample(
            PriorityQueue<Map.Entry<Long, String>> samples, long size, String line) {
        synchronized (samples) {
            samples.add(Map.entry(size, line));
            if (samples.size() > SAMPLES) {
                samples.poll();
            }
        }
    }

    private static void printSamples(PriorityQueue<Map.Entry<Long, String>> samples) {
        synchronized (samples) {
            samples.stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(s -> System.out.println("  " + s.getValue()));
        }
    }

    /** Prints the long holds, the long gaps between a queue's pulls, and the late deliveries. */
    void print() {
        System.out.println(
                "# pulls answered more than "
                        + LATE_MS
                        + " ms after they were sent with a message stored more than "
                        + LATE_MS
                        + " ms before the answer: "
                        + longHolds.sum());
        printSamples(holdSamples);
        System.out.println(
                "# a queue's pulls more than " + GAP_MS + " ms apart (the longest gaps):");
        printSamples(gapSamples);
        printLate();
    }

    /** The late deliveries per group, samples, and the timelines of the first two late queues. */
    private void printLate() {
        if (lateByGroup.isEmpty()) {
            System.out.println("# late deliveries (> " + LATE_MS + " ms stored -> arrived): none");
            return;
        }
        long held = 0;
        long asked = 0;
        System.out.println(
                "# late deliveries (> "
                        + LATE_MS
                        + " ms stored -> arrived), per group:"
                        + " held by the broker past the store / pull asked after the store");
        for (Map.Entry<String, LongAdder[]> e : new TreeMap<>(lateByGroup).entrySet()) {
            long h = e.getValue()[0].sum();
            long a = e.getValue()[1].sum();
            held += h;
            asked += a;
            System.out.println("  " + e.getKey() + " " + h + " / " + a);
        }
        System.out.println("  all " + held + " / " + asked + "; samples:");
        synchronized (samples) {
            samples.forEach(s -> System.out.println("  " + s));
        }
        lateQueues.stream()
                .sorted(Comparator.comparing(QueueKey::toString))
                .limit(2)
                .forEach(this::printTimeline);
    }

    private void printTimeline(QueueKey key) {
        System.out.println("# timeline of " + key + " (epoch ms):");
        ArrayDeque<String> log = events.get(key);
        synchronized (log) {
            log.forEach(e -> System.out.println("  " + e));
        }
    }

    /** One queue as one consumer group reads it. */
    private record QueueKey(String group, String topic, int queueId) {
        @Override
        public String toString() {
            return group + " " + topic + " q" + queueId;
        }
    }
}
