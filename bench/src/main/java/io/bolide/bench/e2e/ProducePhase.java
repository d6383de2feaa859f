package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/**
 * {@code threads} application threads sharing one producer, each sending synchronously in a loop,
 * as a service publishing events would. Sends are counted and timed only while measuring. With a
 * rate, each thread sends on its own fixed schedule (its share of the rate), so two brokers can be
 * compared at the same offered load; a thread that falls behind sends at once until it catches up.
 */
final class ProducePhase {
    private final DefaultMQProducer producer;
    private final List<String> topics;
    private final byte[] body;
    private final long intervalNanos;
    private final List<Thread> threads = new ArrayList<>();
    private final Latencies sendLatency = new Latencies();
    private final LongAdder sent = new LongAdder();
    private final LongAdder sentTotal = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private volatile boolean running = true;
    private volatile boolean measuring;

    ProducePhase(DefaultMQProducer producer, String topic, int size, int threadCount, int rate) {
        this(producer, List.of(topic), size, threadCount, rate);
    }

    /** Sends spread over {@code topics}: each thread walks the list from its own starting point. */
    ProducePhase(
            DefaultMQProducer producer, List<String> topics, int size, int threadCount, int rate) {
        this.producer = producer;
        this.topics = List.copyOf(topics);
        this.intervalNanos = rate <= 0 ? 0 : TimeUnit.SECONDS.toNanos(threadCount) / rate;
        this.body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        for (int i = 0; i < threadCount; i++) {
            int first = i;
            Thread thread = new Thread(() -> sendLoop(first), "producer-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
    }

    void start() {
        threads.forEach(Thread::start);
    }

    void measuring(boolean on) {
        measuring = on;
    }

    void stop() throws InterruptedException {
        running = false;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    /** Successful sends while measuring. */
    long sent() {
        return sent.sum();
    }

    /** Successful sends since start. */
    long sentTotal() {
        return sentTotal.sum();
    }

    void report(Results results, String prefix, long elapsedNanos) {
        results.put(prefix + ".sent", sent.sum());
        results.put(prefix + ".errors", errors.sum());
        results.put(prefix + ".tps", sent.sum() * 1_000_000_000L / Math.max(1, elapsedNanos));
        sendLatency.report(results, prefix + ".send");
        Throwable error = firstError.get();
        if (error != null) {
            results.put(prefix + ".first_error", oneLine(error));
        }
    }

    private void sendLoop(int first) {
        long next = System.nanoTime();
        int turn = first % topics.size();
        while (running) {
            String topic = topics.get(turn);
            turn = (turn + 1) % topics.size();
            if (intervalNanos > 0) {
                next += intervalNanos;
                LockSupport.parkNanos(next - System.nanoTime());
            }
            boolean timed = measuring;
            long start = System.nanoTime();
            try {
                SendResult result = producer.send(new Message(topic, "bench", body));
                if (result.getSendStatus() != SendStatus.SEND_OK) {
                    throw new IllegalStateException("send status " + result.getSendStatus());
                }
                sentTotal.increment();
                if (timed && measuring) {
                    sendLatency.recordMicros((System.nanoTime() - start) / 1000);
                    sent.increment();
                }
            } catch (Exception e) {
                errors.increment();
                if (firstError.compareAndSet(null, e)) {
                    e.printStackTrace();
                }
            }
        }
    }

    static String oneLine(Throwable error) {
        return (error.getClass().getName() + ": " + error.getMessage()).replace('\n', ' ');
    }
}
