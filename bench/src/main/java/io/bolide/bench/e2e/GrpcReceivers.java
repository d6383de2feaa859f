package io.bolide.bench.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.message.MessageView;

/**
 * {@code threads} threads sharing one gRPC SDK {@link SimpleConsumer}, each receiving up to {@code
 * batch} messages per call (long polling) and acknowledging every one of them (the acks of a batch
 * in flight together, awaited before the next receive). Times each message from its born timestamp
 * (the producer's clock, millisecond resolution: same host) to its receipt.
 */
final class GrpcReceivers {
    /** Long enough that no message becomes visible again while its batch is being acknowledged. */
    private static final Duration INVISIBLE = Duration.ofSeconds(60);

    private final SimpleConsumer consumer;
    private final int batch;
    private final List<Thread> threads = new ArrayList<>();
    private final Latencies endToEnd = new Latencies();
    private final LongAdder received = new LongAdder();
    private final LongAdder receivedTotal = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private volatile boolean running = true;
    private volatile boolean measuring;

    GrpcReceivers(SimpleConsumer consumer, int batch, int n) {
        this.consumer = consumer;
        this.batch = batch;
        for (int i = 0; i < n; i++) {
            Thread thread = new Thread(this::receiveLoop, "grpc-consumer-" + i);
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

    /** Messages received in the measured window. */
    long received() {
        return received.sum();
    }

    /** Messages received (and then acknowledged) since start. */
    long receivedTotal() {
        return receivedTotal.sum();
    }

    void stop() throws InterruptedException {
        running = false;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    void report(Results results, long elapsedNanos) {
        results.put("consume.received", received.sum());
        results.put("consume.acked_total", acked.sum());
        results.put("consume.errors", errors.sum());
        results.put("consume.tps", received.sum() * 1_000_000_000L / Math.max(1, elapsedNanos));
        endToEnd.report(results, "e2e");
        Throwable error = firstError.get();
        if (error != null) {
            results.put("consume.first_error", ProducePhase.oneLine(error));
        }
    }

    private void receiveLoop() {
        while (running) {
            try {
                List<MessageView> views = consumer.receive(batch, INVISIBLE);
                long now = System.currentTimeMillis();
                boolean timed = measuring;
                CompletableFuture<?>[] acks = new CompletableFuture<?>[views.size()];
                for (int i = 0; i < acks.length; i++) {
                    MessageView view = views.get(i);
                    if (timed) {
                        endToEnd.recordMicros((now - view.getBornTimestamp()) * 1000);
                    }
                    acks[i] = consumer.ackAsync(view).thenRun(acked::increment);
                }
                receivedTotal.add(acks.length);
                if (timed && measuring) {
                    received.add(acks.length);
                }
                CompletableFuture.allOf(acks).join();
            } catch (Exception e) {
                errors.increment();
                if (firstError.compareAndSet(null, e)) {
                    e.printStackTrace();
                }
            }
        }
    }
}
