package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.message.Message;
import org.apache.rocketmq.client.apis.producer.Producer;

/**
 * {@code threads} application threads sharing one gRPC SDK producer, each calling the blocking
 * {@link Producer#send} in a loop: as many sends in flight as threads, the same for every endpoint,
 * and the send latency is what the calling thread waits. Counted and timed only while measuring.
 */
final class GrpcSenders {
    private final Producer producer;
    private final Message message;
    private final List<Thread> threads = new ArrayList<>();
    private final Latencies sendLatency = new Latencies();
    private final LongAdder sent = new LongAdder();
    private final LongAdder sentTotal = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private volatile boolean running = true;
    private volatile boolean measuring;

    GrpcSenders(ClientServiceProvider provider, Producer producer, String topic, int size, int n) {
        this.producer = producer;
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        // One message object for every send: the SDK copies it into each request and stamps the
        // born time and message id per send, so sharing it costs the client nothing per message.
        this.message =
                provider.newMessageBuilder().setTopic(topic).setTag("bench").setBody(body).build();
        for (int i = 0; i < n; i++) {
            Thread thread = new Thread(this::sendLoop, "grpc-producer-" + i);
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

    long sent() {
        return sent.sum();
    }

    long sentTotal() {
        return sentTotal.sum();
    }

    void report(Results results, long elapsedNanos) {
        results.put("produce.sent", sent.sum());
        results.put("produce.errors", errors.sum());
        results.put("produce.tps", sent.sum() * 1_000_000_000L / Math.max(1, elapsedNanos));
        sendLatency.report(results, "produce.send");
        Throwable error = firstError.get();
        if (error != null) {
            results.put("produce.first_error", ProducePhase.oneLine(error));
        }
    }

    private void sendLoop() {
        while (running) {
            boolean timed = measuring;
            long start = System.nanoTime();
            try {
                producer.send(message);
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
}
