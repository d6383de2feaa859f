package io.bolide.systest;

import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;

/**
 * Official clients configured for tests: short timeouts, and a distinct instance name each, so that
 * no two share an MQClientInstance (which would share a client id and a name server address across
 * tests).
 */
final class Clients {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    /** Deadline of every wait in the system tests. */
    static final Duration DEADLINE = Duration.ofSeconds(30);

    private Clients() {}

    static DefaultMQProducer producer(String nameServer, String group) {
        DefaultMQProducer producer = new DefaultMQProducer(group);
        configure(producer, nameServer);
        producer.setSendMsgTimeout(15_000); // a deadline: generous for loaded CI hosts
        return producer;
    }

    static DefaultMQProducer startedProducer(String nameServer, String group) throws Exception {
        DefaultMQProducer producer = producer(nameServer, group);
        producer.start();
        return producer;
    }

    static DefaultMQPushConsumer pushConsumer(String nameServer, String group) {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        configure(consumer, nameServer);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPullTimeDelayMillsWhenException(100);
        consumer.setConsumeThreadMin(2);
        consumer.setConsumeThreadMax(4);
        return consumer;
    }

    static DefaultLitePullConsumer litePullConsumer(String nameServer, String group) {
        DefaultLitePullConsumer consumer = new DefaultLitePullConsumer(group);
        configure(consumer, nameServer);
        consumer.setPollTimeoutMillis(200);
        consumer.setPullTimeDelayMillsWhenException(100);
        consumer.setAutoCommit(false);
        return consumer;
    }

    static void configure(ClientConfig client, String nameServer) {
        client.setNamesrvAddr(nameServer);
        // The pid keeps names unique across runs too: a broadcasting consumer keeps its offsets in
        // a local file named after the client id, which would otherwise carry one run's offsets
        // into the next run's fresh broker (OFFSET_MOVED, skipped messages).
        client.setInstanceName(
                "systest-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet());
        client.setVipChannelEnabled(false);
        client.setMqClientApiTimeout(15_000);
        // After a rebalance the client bumps its subscription version and heartbeats, but skips
        // that heartbeat when the periodic one holds the lock ("lock heartBeat, but failed"); the
        // broker then answers SUBSCRIPTION_NOT_LATEST, as the reference does, until the next
        // periodic heartbeat: 30 s by default, longer than a test's deadline.
        client.setHeartbeatBrokerInterval(1000);
        // Offsets reach the broker every 5 s by default: tests that wait for a group's lag or
        // committed offsets would spend most of their time waiting for that.
        client.setPersistConsumerOffsetInterval(1000);
    }

    /**
     * Waits until the producer sees {@code topic}'s route: an auto-created topic reaches the name
     * server asynchronously, and a consumer started before it finds no queues until its next
     * rebalance (20 s).
     */
    static void awaitRoute(DefaultMQProducer producer, String topic) {
        await(
                "the route of " + topic + " is visible",
                () -> {
                    try {
                        return !producer.fetchPublishMessageQueues(topic).isEmpty();
                    } catch (Exception e) {
                        return false;
                    }
                });
    }

    /** Polls {@code condition} until it holds or {@link #DEADLINE} passes. */
    static void await(String what, BooleanSupplier condition) {
        Await.until(DEADLINE, condition, what);
    }

    /**
     * {@link #await} for a condition that costs a request or a scan to evaluate: polled every 20
     * ms, not every millisecond.
     */
    static void awaitCostly(String what, BooleanSupplier condition) {
        Await.until(DEADLINE, Duration.ofMillis(20), condition, what);
    }
}
