package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.store.ArrivalListener;
import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Receives waiting for messages (long polling): indexed by the topics they read (the topic and the
 * group's POP retry topic), re-run on the gRPC executor when the store reports an arrival on one,
 * and answered "not found" at their deadline. A waiter is answered once: whichever of the arrival,
 * the deadline or the shutdown claims it first.
 */
final class ReceiveWaiters implements ArrivalListener {
    private final Map<String, Set<Waiter>> byTopic = new ConcurrentHashMap<>();
    private final Executor executor;
    private final ScheduledExecutorService timer;

    ReceiveWaiters(Executor executor, ScheduledExecutorService timer) {
        this.executor = executor;
        this.timer = timer;
    }

    private final class Waiter {
        final Receiver.Receive receive;
        final StreamObserver<ReceiveMessageResponse> out;
        final Receiver receiver;
        final AtomicBoolean claimed = new AtomicBoolean();

        Waiter(
                Receiver.Receive receive,
                StreamObserver<ReceiveMessageResponse> out,
                Receiver receiver) {
            this.receive = receive;
            this.out = out;
            this.receiver = receiver;
        }

        String retryTopic() {
            return "%RETRY%" + receive.group() + '_' + receive.topic();
        }

        /** Removes the waiter; only the first caller gets true. */
        boolean claim() {
            if (!claimed.compareAndSet(false, true)) {
                return false;
            }
            remove(receive.topic(), this);
            remove(retryTopic(), this);
            return true;
        }

        void run(boolean last) {
            if (!receiver.tryAnswer(receive, out, last)) {
                hold(receive, out, receiver);
            }
        }
    }

    void hold(
            Receiver.Receive receive,
            StreamObserver<ReceiveMessageResponse> out,
            Receiver receiver) {
        Waiter waiter = new Waiter(receive, out, receiver);
        byTopic.computeIfAbsent(receive.topic(), t -> ConcurrentHashMap.newKeySet()).add(waiter);
        byTopic.computeIfAbsent(waiter.retryTopic(), t -> ConcurrentHashMap.newKeySet())
                .add(waiter);
        long delay = Math.max(0, receive.deadline() - System.currentTimeMillis());
        timer.schedule(() -> wake(waiter, true), delay, TimeUnit.MILLISECONDS);
        // A message stored between the empty pop and the registration above woke nobody.
        if (receiver.hasNews(receive)) {
            wake(waiter, false);
        }
    }

    private void wake(Waiter waiter, boolean last) {
        if (waiter.claim()) {
            executor.execute(() -> waiter.run(last));
        }
    }

    private void remove(String topic, Waiter waiter) {
        Set<Waiter> set = byTopic.get(topic);
        if (set != null) {
            set.remove(waiter);
        }
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        // Lite receives wait on the parent topic: a lite topic's arrival wakes them to look.
        String parent = LiteNames.parentOf(topic);
        Set<Waiter> set = byTopic.get(parent != null ? parent : topic);
        if (set == null || set.isEmpty()) {
            return;
        }
        for (Waiter waiter : set) {
            wake(waiter, false);
        }
    }

    /**
     * An acknowledgement of {@code group} on {@code topic}: a FIFO receive of that group held back
     * behind the acknowledged message may now get the queue's next one, so it tries again at once
     * instead of at its deadline. Other receives are left alone (an ack brings them nothing).
     */
    void acknowledged(String group, String topic) {
        Set<Waiter> set = byTopic.get(topic);
        if (set == null || set.isEmpty()) {
            return;
        }
        for (Waiter waiter : set) {
            if (waiter.receive.order() && waiter.receive.group().equals(group)) {
                wake(waiter, false);
            }
        }
    }

    /** Receives waiting now (each is indexed under its topic and its retry topic). */
    int held() {
        Set<Waiter> set = new java.util.HashSet<>();
        byTopic.values().forEach(set::addAll);
        return set.size();
    }

    /** Answers every waiter now (shutdown). */
    void answerAll() {
        for (Set<Waiter> set : byTopic.values()) {
            for (Waiter waiter : set) {
                if (waiter.claim()) {
                    waiter.run(true);
                }
            }
        }
    }
}
