package io.bolide.systest;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Producer threads of the official client sending synchronously, each message a {@link FaultBodies}
 * key and body, until stopped. Keeps what every send was answered: the keys answered SEND_OK (the
 * ones that must never be lost), the keys stored without a slave's copy (FLUSH_SLAVE_TIMEOUT,
 * SLAVE_NOT_AVAILABLE) and a count per status and of failed sends.
 */
final class SendLoad {
    /** Told of every answered send (from the sending thread), for callers that need more. */
    interface Observer {
        void answered(String key, long sentNanos, SendResult result);
    }

    private static final Logger LOG = LoggerFactory.getLogger(SendLoad.class);

    /** The first failed sends of a load are logged with what failed them, then only counted. */
    private static final long LOGGED_FAILURES = 10;

    /** A failed send waits this long before the next (the master may be gone: no busy loop). */
    private static final long PAUSE_AFTER_FAILURE_MS = 50;

    private final DefaultMQProducer producer;
    private final String topic;
    private final FaultBodies bodies;
    private final String round;
    private final Set<String> acked = ConcurrentHashMap.newKeySet();
    private final Set<String> unsynced = ConcurrentHashMap.newKeySet();
    private final Map<SendStatus, AtomicLong> statuses = new EnumMap<>(SendStatus.class);
    private final AtomicLong failed = new AtomicLong();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();
    private Observer observer = (key, sentNanos, result) -> {};

    SendLoad(DefaultMQProducer producer, String topic, FaultBodies bodies, String round) {
        this.producer = producer;
        this.topic = topic;
        this.bodies = bodies;
        this.round = round;
        for (SendStatus status : SendStatus.values()) {
            statuses.put(status, new AtomicLong());
        }
    }

    /** Sets who is told of every answer; before {@link #start}. */
    SendLoad observe(Observer newObserver) {
        this.observer = newObserver;
        return this;
    }

    /** Starts {@code count} sending threads. */
    SendLoad start(int count) {
        for (int t = 0; t < count; t++) {
            int thread = t;
            Thread sender = new Thread(() -> send(thread), "ha-load-" + round + "-" + t);
            sender.setDaemon(true);
            threads.add(sender);
            sender.start();
        }
        return this;
    }

    private void send(int thread) {
        for (long seq = 0; stop.getCount() > 0; seq++) {
            String key = round + "-t" + thread + "-" + seq;
            Message message = new Message(topic, bodies.body(key));
            message.putUserProperty(FaultBodies.KEY, key);
            long sent = System.nanoTime();
            try {
                SendResult result = producer.send(message);
                observer.answered(key, sent, result);
                record(key, result);
            } catch (Exception e) {
                if (failed.incrementAndGet() <= LOGGED_FAILURES) {
                    LOG.warn(
                            "send {} failed after {} ms: {}",
                            key,
                            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent),
                            e.toString());
                }
                pause();
            } catch (Error e) {
                failed.incrementAndGet();
                throw e;
            }
        }
    }

    private void record(String key, SendResult result) {
        SendStatus status = result.getSendStatus();
        statuses.get(status).incrementAndGet();
        if (status == SendStatus.SEND_OK) {
            acked.add(key);
        } else {
            unsynced.add(key);
        }
    }

    private void pause() {
        try {
            stop.await(PAUSE_AFTER_FAILURE_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the threads and waits until each has its last answer (bounded by the send timeout). */
    void stop() throws InterruptedException {
        stop.countDown();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            if (thread.isAlive()) {
                throw new AssertionError(thread.getName() + " still sending a minute after stop");
            }
        }
    }

    String name() {
        return round;
    }

    /** Keys answered SEND_OK: a slave held each when it was answered. */
    Set<String> acked() {
        return acked;
    }

    /** Keys stored on the master but answered without a slave's copy. */
    Set<String> unsynced() {
        return unsynced;
    }

    long count(SendStatus status) {
        return statuses.get(status).get();
    }

    long failed() {
        return failed.get();
    }

    @Override
    public String toString() {
        return "sends: ok="
                + count(SendStatus.SEND_OK)
                + " flushSlaveTimeout="
                + count(SendStatus.FLUSH_SLAVE_TIMEOUT)
                + " slaveNotAvailable="
                + count(SendStatus.SLAVE_NOT_AVAILABLE)
                + " flushDiskTimeout="
                + count(SendStatus.FLUSH_DISK_TIMEOUT)
                + " failed="
                + failed();
    }
}
