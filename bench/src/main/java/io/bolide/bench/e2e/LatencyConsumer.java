package io.bolide.bench.e2e;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A push consumer's listener that times each message from its born timestamp (set by the producer's
 * client, millisecond resolution) to its delivery, for messages born inside a window. The way is
 * split at the broker's store timestamp and at the pull response's arrival in the client ({@link
 * ArrivalHook}): born → stored (the send), stored → arrived (the broker's long polling and the
 * transfer), arrived → delivered (the client's own queueing before a consume thread runs it).
 */
final class LatencyConsumer implements MessageListenerConcurrently {
    private final Latencies endToEnd = new Latencies();
    private final Latencies bornToStored = new Latencies();
    private final Latencies storedToArrived = new Latencies();
    private final Latencies arrivedToDelivered = new Latencies();
    private final PullTrace trace = new PullTrace();
    private final ArrivalHook arrivals = new ArrivalHook(trace);
    private final LongAdder received = new LongAdder();
    private final LongAdder inWindow = new LongAdder();
    private final AtomicLong firstNanos = new AtomicLong();
    private volatile long lastNanos;

    /**
     * Nothing is timed until the window opens: the consumer starts with a second or more of
     * messages already waiting (it rebalances before its first pull), and until 2026-11-23 (commit
     * cbc44e7) those warm-up deliveries were timed too, which made up the whole "end-to-end tail"
     * of earlier runs.
     */
    private volatile long windowFrom = Long.MAX_VALUE;

    private volatile long windowTo = Long.MAX_VALUE;

    /**
     * Starts a push consumer of {@code topic} in {@code group} delivering to {@code listener}, with
     * the broker's assignment when {@code pop} (the group set to POP beforehand, {@link PopMode}).
     * The client's only way to register a filter hook is through its deprecated implementation
     * handle.
     */
    @SuppressWarnings("deprecation")
    static DefaultMQPushConsumer start(
            String namesrv,
            String group,
            String topic,
            ConsumeFromWhere from,
            LatencyConsumer listener,
            boolean pop)
            throws MQClientException {
        DefaultMQPushConsumer consumer =
                new DefaultMQPushConsumer(
                        group,
                        Credentials.hook(),
                        new org.apache.rocketmq.client.consumer.rebalance
                                .AllocateMessageQueueAveragely());
        consumer.setNamesrvAddr(namesrv);
        consumer.setVipChannelEnabled(false);
        consumer.setConsumeFromWhere(from);
        if (pop) {
            PopMode.configure(consumer);
        }
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(listener);
        consumer.getDefaultMQPushConsumerImpl()
                .registerFilterMessageHook(listener.arrivals.forGroup(group));
        consumer.start();
        listener.trace.install(consumer);
        return consumer;
    }

    /** Times only messages born at or after {@code epochMillis} from now on. */
    void windowFrom(long epochMillis) {
        windowFrom = epochMillis;
        trace.windowFrom(epochMillis);
    }

    /** Stops timing messages born at or after {@code epochMillis}. */
    void windowTo(long epochMillis) {
        windowTo = epochMillis;
        trace.windowTo(epochMillis);
    }

    @Override
    public ConsumeConcurrentlyStatus consumeMessage(
            List<MessageExt> messages, ConsumeConcurrentlyContext context) {
        long now = System.currentTimeMillis();
        long nanos = System.nanoTime();
        firstNanos.compareAndSet(0, nanos);
        for (MessageExt message : messages) {
            long born = message.getBornTimestamp();
            if (born >= windowFrom && born < windowTo) {
                long stored = message.getStoreTimestamp();
                long arrived = ArrivalHook.arrivedMillis(message, now);
                endToEnd.recordMicros((now - born) * 1000);
                bornToStored.recordMicros((stored - born) * 1000);
                storedToArrived.recordMicros((arrived - stored) * 1000);
                arrivedToDelivered.recordMicros((now - arrived) * 1000);
                inWindow.increment();
            }
        }
        received.add(messages.size());
        lastNanos = nanos;
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    /** How many groups received messages of {@code topic} at or after {@code epochMillis}. */
    long groupsReceivedSince(String topic, long epochMillis) {
        return trace.groupsArrivedSince(topic, epochMillis);
    }

    long received() {
        return received.sum();
    }

    long inWindow() {
        return inWindow.sum();
    }

    /** Nanoseconds from the first delivery to the last. */
    long deliverySpanNanos() {
        return lastNanos - firstNanos.get();
    }

    /** Writes the end-to-end percentiles under {@code prefix} and the legs under sub-prefixes. */
    void report(Results results, String prefix) {
        endToEnd.report(results, prefix);
        bornToStored.report(results, prefix + ".stored");
        storedToArrived.report(results, prefix + ".arrived");
        storedToArrived.printDistribution(prefix + " stored -> arrived in client");
        arrivedToDelivered.report(results, prefix + ".delivered");
        long pulls = Math.max(1, arrivals.pulls.sum());
        results.put(prefix + ".messages_per_pull_x10", arrivals.pulled.sum() * 10 / pulls);
        trace.print();
    }
}
