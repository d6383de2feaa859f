package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;

/**
 * The extra clients of a scale-curve point (bench/run-curves.sh): idle producers, each its own
 * client instance (one connection to the name server, one to the broker, a heartbeat every 30 s and
 * a route refresh every 30 s, as a fleet of mostly idle services would hold), and push consumer
 * groups that all consume one topic and share one listener.
 */
final class CurveClients {
    private final List<DefaultMQProducer> idle = new ArrayList<>();
    private final List<DefaultMQPushConsumer> consumers = new ArrayList<>();

    /**
     * Starts {@code count} producers numbered from {@code first} (instance names stay unique over
     * several load-generator JVMs), each sending one small message to {@code topic} so that its
     * client instance knows the broker and keeps a connection to it.
     */
    void startIdle(String namesrv, String topic, int first, int count) throws Exception {
        for (int i = first; i < first + count; i++) {
            DefaultMQProducer producer = new DefaultMQProducer("curve_idle_" + (i % 100));
            producer.setNamesrvAddr(namesrv);
            producer.setInstanceName("curve-idle-" + i);
            producer.setVipChannelEnabled(false);
            producer.setSendMsgTimeout(10_000);
            producer.setClientCallbackExecutorThreads(1);
            // A busy host's name server may take over the client's 3 s default to answer.
            producer.setMqClientApiTimeout(30_000);
            producer.start();
            idle.add(producer);
            E2eLoad.createBySending(producer, topic);
        }
    }

    /** Starts {@code groups} push consumer groups of {@code topic} from its last offset. */
    void startGroups(String namesrv, String topic, int groups, LatencyConsumer listener)
            throws Exception {
        for (int i = 0; i < groups; i++) {
            consumers.add(
                    LatencyConsumer.start(
                            namesrv,
                            "curve_group_" + i,
                            topic,
                            ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                            listener,
                            false));
        }
    }

    /**
     * Sends probe messages and waits (at most {@code seconds}) until every group owns all of the
     * topic's queues and the probes reached the groups: all groups have rebalanced and pull before
     * the measured window opens. Counting deliveries alone was not enough: nine groups receiving
     * two probes passed for ten. A group that starts pulling late (its first rebalance failed, as
     * when its consumer-list query times out on a loaded host, and the next comes 20 s later) then
     * reads the window's messages from the queue's start, and their stored-to-arrived times are its
     * lateness, not long polling (docs/benchmarks.md, issue #18's consumer-groups curve). Nor was
     * owning every queue plus as many probes as groups: a group whose pulls the broker refuses
     * (SUBSCRIPTION_NOT_LATEST, up to 30 s: the official client bumps its subscription version at a
     * rebalance and the heartbeat that reports it can lose the client's heartbeat lock) owns its
     * queues and receives nothing. Every group must receive a probe sent after the wait began.
     */
    void awaitGroupsReady(
            DefaultMQProducer producer, String topic, LatencyConsumer listener, int seconds)
            throws Exception {
        if (consumers.isEmpty()) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long since = System.currentTimeMillis();
        int queues = consumers.get(0).fetchSubscribeMessageQueues(topic).size();
        while (System.nanoTime() < deadline) {
            producer.send(new Message(topic, "probe", new byte[16]));
            TimeUnit.MILLISECONDS.sleep(500);
            if (allOwn(topic, queues)
                    && listener.groupsReceivedSince(topic, since) >= consumers.size()) {
                return;
            }
        }
        throw new IllegalStateException("consumer groups not rebalanced after " + seconds + " s");
    }

    /** Whether every group's consumer holds {@code queues} queues of {@code topic}. */
    @SuppressWarnings("deprecation")
    private boolean allOwn(String topic, int queues) {
        for (DefaultMQPushConsumer consumer : consumers) {
            long owned =
                    consumer
                            .getDefaultMQPushConsumerImpl()
                            .getRebalanceImpl()
                            .getProcessQueueTable()
                            .keySet()
                            .stream()
                            .filter(queue -> queue.getTopic().equals(topic))
                            .count();
            if (owned < queues) {
                return false;
            }
        }
        return true;
    }

    int groups() {
        return consumers.size();
    }
}
