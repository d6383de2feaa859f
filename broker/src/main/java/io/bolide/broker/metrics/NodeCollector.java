package io.bolide.broker.metrics;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.ha.ReplicationState;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/**
 * The broker as a whole: its store (the reference's {@code rocketmq_storage_*} gauges), its tables'
 * sizes and permission, and Bolide's own: pulls held for new messages and replication lag.
 */
final class NodeCollector implements MultiCollector {
    private final Sources sources;
    private final Labels node;

    NodeCollector(Sources sources, Labels node) {
        this.sources = sources;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        long end = sources.store().maxPhysicalOffset();
        Labels storage = Labels.of("storage_type", "local", "storage_medium", "disk");
        BrokerConfig config = sources.config().get();
        return MetricSnapshots.of(
                gauge("rocketmq_storage_size", "Bytes the commit log retains")
                        .add(end - sources.store().minPhysicalOffset(), storage)
                        .snapshot(),
                gauge(
                                "rocketmq_storage_flush_behind_bytes",
                                "Bytes written and not yet forced to disk")
                        .add(Math.max(0, end - sources.store().flushedOffset()), storage)
                        .snapshot(),
                gauge(
                                "rocketmq_storage_dispatch_behind_bytes",
                                "Bytes written and not yet readable through consume queues")
                        .add(Math.max(0, end - sources.store().dispatchedOffset()), storage)
                        .snapshot(),
                gauge("rocketmq_topic_number", "Topics in the topic table")
                        .add(sources.topics().all().size())
                        .snapshot(),
                gauge("rocketmq_consumer_group_number", "Subscription groups")
                        .add(sources.groups().snapshot().subscriptionGroupTable().size())
                        .snapshot(),
                gauge("rocketmq_broker_permission", "The broker's permission (2 W, 4 R, 6 RW)")
                        .add(config.brokerPermission())
                        .snapshot(),
                gauge("bolide_pull_held_requests", "Pulls held until a message arrives")
                        .add(sources.hold().heldCount())
                        .snapshot(),
                replication());
    }

    private Family gauge(String name, String help) {
        return Family.gauge(name, help, node);
    }

    /**
     * {@code bolide_replication_lag_bytes}: on a master, how far each slave's acknowledgement
     * trails (by slave address); on a slave, whether its link is up is {@code
     * bolide_replication_connected} instead, since it cannot see the master's end.
     */
    private MetricSnapshot replication() {
        ReplicationState state = sources.replication().get();
        if (state != null && "slave".equals(state.role())) {
            return gauge("bolide_replication_connected", "1 while the link to the master is up")
                    .add(state.connected() ? 1 : 0)
                    .snapshot();
        }
        Family lag = gauge("bolide_replication_lag_bytes", "Bytes a slave has not acknowledged");
        if (state != null) {
            for (ReplicationState.Slave slave : state.slaves()) {
                lag.add(slave.bytesBehind(), "slave", slave.address());
            }
        }
        return lag.snapshot();
    }
}
