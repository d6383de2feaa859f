package io.bolide.broker.metrics;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ClientVersion;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.protocol.body.ConsumeType;
import io.bolide.protocol.body.ConsumerData;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Live client connections, as the reference labels them: {@code rocketmq_producer_connections} by
 * language and version, {@code rocketmq_consumer_connections} also by group and consume mode
 * ({@code push}, {@code pull} or {@code pop}). Counted from the client registry at a scrape.
 */
final class ClientCollector implements MultiCollector {
    private final ClientRegistry clients;
    private final Labels node;

    ClientCollector(ClientRegistry clients, Labels node) {
        this.clients = clients;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        Map<List<String>, Integer> producers = new HashMap<>();
        for (String group : clients.producerGroupNames()) {
            count(producers, clients.producerGroup(group), List.of());
        }
        Map<List<String>, Integer> consumers = new HashMap<>();
        for (ConsumerGroup group : clients.consumerGroups()) {
            List<String> labels =
                    List.of("consumer_group", group.name, "consume_mode", mode(group));
            count(consumers, group.members(), labels);
        }
        return MetricSnapshots.of(
                family("rocketmq_producer_connections", "Producer connections", producers),
                family("rocketmq_consumer_connections", "Consumer connections", consumers));
    }

    private static String mode(ConsumerGroup group) {
        ConsumerData last = group.lastHeartbeat();
        ConsumeType type = last == null ? null : last.consumeType();
        if (type == ConsumeType.CONSUME_ACTIVELY) {
            return "pull";
        }
        return type == ConsumeType.CONSUME_POP ? "pop" : "push";
    }

    private static void count(
            Map<List<String>, Integer> into, Iterable<ClientChannel> members, List<String> base) {
        for (ClientChannel member : members) {
            if (!member.connection.isActive()) {
                continue;
            }
            ClientVersion version = ClientVersion.of(member.connection);
            List<String> labels = new ArrayList<>(base);
            labels.addAll(
                    List.of(
                            "language",
                            version.language(),
                            "version",
                            Integer.toString(version.version())));
            into.merge(labels, 1, Integer::sum);
        }
    }

    private MetricSnapshot family(String name, String help, Map<List<String>, Integer> counts) {
        Family family = Family.gauge(name, help, node);
        counts.forEach((labels, n) -> family.add(n, labels.toArray(new String[0])));
        return family.snapshot();
    }
}
