package io.bolide.broker.metrics;

import io.bolide.broker.stats.BrokerStats;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/**
 * Messages that failed to be consumed, under the reference's names: {@code
 * rocketmq_send_to_dlq_messages_total} (sent to a dead-letter queue, by group and original topic:
 * by a send-back, by a client's own retry past the maximum, or by a POP revival) and {@code
 * rocketmq_pop_revive_retry_messages_total} (POP messages whose invisible time ran out, by group,
 * topic and the store's answer to their retry copy).
 */
final class RetryCollector implements MultiCollector {
    private final BrokerStats stats;
    private final Labels node;

    RetryCollector(BrokerStats stats, Labels node) {
        this.stats = stats;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Family dlq =
                Family.counter(
                        "rocketmq_send_to_dlq_messages",
                        "Messages sent to dead-letter queues",
                        node);
        stats.deadLetters()
                .forEach(
                        (group, topic, n) ->
                                dlq.add(
                                        n,
                                        "consumer_group",
                                        group,
                                        "topic",
                                        topic,
                                        "is_system",
                                        TopicKinds.isSystem(topic, group)));
        Family revived =
                Family.counter(
                        "rocketmq_pop_revive_retry_messages",
                        "POP messages made visible again through a retry copy",
                        node);
        stats.pop()
                .forEach(
                        (group, topic, status, n) ->
                                revived.add(
                                        n,
                                        "consumer_group",
                                        group,
                                        "topic",
                                        topic,
                                        "put_status",
                                        status));
        return MetricSnapshots.of(dlq.snapshot(), revived.snapshot());
    }
}
