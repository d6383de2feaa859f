package io.bolide.broker.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.delay.DelayTopics;
import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.pop.PopPosition;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.MutableClock;
import io.bolide.testsupport.Scrape;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each collector against the broker parts it reads, as the exposition text shows it. */
class MetricsCollectorsTest {
    private static final Labels NODE =
            Labels.of("cluster", "c1", "node_type", "broker", "node_id", "broker-x");
    private static final String NODE_TEXT =
            "cluster=\"c1\",node_id=\"broker-x\",node_type=\"broker\"";

    @TempDir Path dir;

    static String text(MultiCollector... collectors) throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        for (MultiCollector collector : collectors) {
            registry.register(collector);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** One exposition line: the node's and {@code labels} (name, value, ...) sorted by name. */
    static String line(String name, String value, String... labels) {
        java.util.TreeMap<String, String> all = new java.util.TreeMap<>();
        NODE.forEach(label -> all.put(label.getName(), label.getValue()));
        for (int i = 0; i < labels.length; i += 2) {
            all.put(labels[i], labels[i + 1]);
        }
        StringBuilder text = new StringBuilder(name).append('{');
        all.forEach((k, v) -> text.append(k).append("=\"").append(v).append("\","));
        text.setLength(text.length() - 1);
        return text.append("} ").append(value).append('\n').toString();
    }

    @Test
    void trafficIsReadFromTheBrokerStatistics() throws IOException {
        BrokerStats stats = new BrokerStats(Clock.systemUTC());
        stats.put("orders", 3, 300);
        stats.put("orders", 1, 5000);
        stats.got("billing", "orders", 2, 250);
        stats.got("billing", "%RETRY%billing", 1, 90);
        stats.put("rmq_sys_wheel", 1, 10);

        String text = text(new TrafficCollector(stats, NODE));

        String[] orders = {"topic", "orders", "is_system", "false"};
        String[] billing = {
            "topic",
            "orders",
            "consumer_group",
            "billing",
            "is_retry",
            "false",
            "is_system",
            "false"
        };
        assertThat(text)
                .contains(line("rocketmq_messages_in_total", "4.0", orders))
                .contains(line("rocketmq_throughput_in_total", "5300.0", orders))
                .contains(
                        line(
                                "rocketmq_messages_in_total",
                                "1.0",
                                "topic",
                                "rmq_sys_wheel",
                                "is_system",
                                "true"))
                .contains(line("rocketmq_messages_out_total", "2.0", billing))
                .contains(line("rocketmq_throughput_out_total", "250.0", billing))
                .contains(
                        line(
                                "rocketmq_throughput_out_total",
                                "90.0",
                                "topic",
                                "%RETRY%billing",
                                "consumer_group",
                                "billing",
                                "is_retry",
                                "true",
                                "is_system",
                                "false"));
        // 3 messages of 100 bytes, then 1 of 5000 bytes, then 1 of 10 bytes: le comes last.
        String bucket = "rocketmq_message_size_bucket{" + NODE_TEXT + ",le=";
        assertThat(text)
                .contains(bucket + "\"1024.0\"} 4\n")
                .contains(bucket + "\"4096.0\"} 4\n")
                .contains(bucket + "\"524288.0\"} 5\n")
                .contains(bucket + "\"+Inf\"} 5\n")
                .contains(line("rocketmq_message_size_count", "5"))
                .contains(line("rocketmq_message_size_sum", "5310.0"));
    }

    @Test
    void lagIsTheStoredMessagesNotYetCommittedAndTheOldestOnesAge() throws IOException {
        MutableClock clock = new MutableClock(System.currentTimeMillis());
        try (StoreFixture store = StoreFixture.open(dir.resolve("store"))) {
            for (int i = 0; i < 5; i++) {
                store.put("orders", 1, "m" + i);
            }
            long secondStored = store.store().storeTimestamp("orders", 1, 2);
            long fifthStored = store.store().storeTimestamp("orders", 1, 4);
            // billing pulled up to offset 4 and committed 2; pops pops with 1 of 3 unacked.
            Sources sources =
                    sources(
                            store,
                            (group, topic, queueId) ->
                                    "pops".equals(group) ? new PopPosition(3, 1) : null);
            ConsumerOffsetTable offsets = sources.offsets();
            offsets.commit("billing", "orders", 1, 2);
            offsets.commit("audit", "orders", 1, 5);
            offsets.commit("pops", "orders", 1, 2);
            sources.stats().pulls().pulled("billing", "orders", 1, 4);
            clock.set(secondStored + 7_000);

            String text = text(new LagCollector(sources, clock, NODE));

            String[] billing = {
                "topic",
                "orders",
                "consumer_group",
                "billing",
                "is_retry",
                "false",
                "is_system",
                "false"
            };
            String[] audit = billing.clone();
            audit[3] = "audit";
            assertThat(text)
                    .contains(line("rocketmq_consumer_lag_messages", "3.0", billing))
                    .contains(line("rocketmq_consumer_lag_latency", "7000.0", billing))
                    .contains(line("rocketmq_consumer_lag_messages", "0.0", audit))
                    .contains(line("rocketmq_consumer_lag_latency", "0.0", audit))
                    .contains(line("rocketmq_consumer_inflight_messages", "2.0", billing))
                    .contains(line("rocketmq_consumer_ready_messages", "1.0", billing))
                    .contains(
                            line(
                                    "rocketmq_consumer_queueing_latency",
                                    (secondStored + 7_000 - fifthStored) + ".0",
                                    billing))
                    .contains(line("rocketmq_consumer_inflight_messages", "0.0", audit))
                    .contains(line("rocketmq_consumer_ready_messages", "0.0", audit))
                    .contains(line("rocketmq_consumer_queueing_latency", "0.0", audit));
            String[] pops = billing.clone();
            pops[3] = "pops";
            assertThat(text)
                    .contains(line("rocketmq_consumer_lag_messages", "3.0", pops))
                    .contains(line("rocketmq_consumer_inflight_messages", "1.0", pops))
                    .contains(line("rocketmq_consumer_ready_messages", "2.0", pops));
        }
    }

    @Test
    void theNodeGaugesReadTheStoreAndTables() throws Exception {
        try (StoreFixture store = StoreFixture.open(dir.resolve("store"))) {
            store.put("orders", 0, "hello");
            Await.until(
                    () -> store.store().dispatchedOffset() == store.store().maxPhysicalOffset(),
                    "dispatch");
            Sources sources = sources(store);

            String text = text(new NodeCollector(sources, NODE));

            long size = store.store().maxPhysicalOffset() - store.store().minPhysicalOffset();
            String[] storage = {"storage_medium", "disk", "storage_type", "local"};
            assertThat(size).isPositive();
            assertThat(text)
                    .contains(line("rocketmq_storage_size", size + ".0", storage))
                    .contains(line("rocketmq_storage_dispatch_behind_bytes", "0.0", storage))
                    .contains("rocketmq_storage_flush_behind_bytes{")
                    .contains(line("rocketmq_broker_permission", "6.0"))
                    .contains("rocketmq_topic_number{" + NODE_TEXT + "} ")
                    .contains(line("bolide_pull_held_requests", "0.0"))
                    // A master without slaves: the family has no series, so it is not shown.
                    .doesNotContain("bolide_replication_lag_bytes{");
            if (Scrape.promtoolAvailable()) {
                assertThat(Scrape.promtoolProblems(text)).isEmpty();
            }
        }
    }

    @Test
    void everyBrokerFamilyPassesPromtool() throws Exception {
        Assumptions.assumeTrue(Scrape.promtoolAvailable(), "promtool is not installed");
        try (StoreFixture store = StoreFixture.open(dir.resolve("store"))) {
            Sources sources = sources(store);
            sources.stats().put("orders", 2, 200);
            sources.stats().got("billing", "orders", 1, 100);
            sources.offsets().commit("billing", "orders", 0, 0);
            fill(sources.stats());
            sources.stats().timer().progress(0, System.currentTimeMillis(), 0);
            PrometheusRegistry registry = new PrometheusRegistry();
            MetricsFeature.register(registry, sources, Clock.systemUTC());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrometheusTextFormatWriter.create().write(out, registry.scrape());

            assertThat(Scrape.promtoolProblems(out.toString(StandardCharsets.UTF_8))).isEmpty();
        }
    }

    /** Counts a little of everything the event collectors read. */
    private static void fill(BrokerStats stats) {
        stats.deadLettered("billing", "orders");
        stats.deadLettered("CID_RMQ_SYS_x", "orders");
        stats.pop().revived("billing", "orders", "PUT_OK");
        stats.pop().revived("billing", "orders", "PUT_OK");
        stats.pop().revived("billing", "orders", "FLUSH_SLAVE_TIMEOUT");
        TransactionStats tx = stats.transactions();
        for (int i = 0; i < 4; i++) {
            tx.halfStored("pay");
        }
        tx.committed("pay", 3);
        tx.committed("pay", 100);
        tx.rolledBack("pay");
        stats.timer().enqueued("later");
        stats.timer().enqueued("later");
        stats.timer().dequeued("later");
    }

    @Test
    void dlqPopRevivalsAndTransactionsAreReadFromTheirCounts() throws IOException {
        BrokerStats stats = new BrokerStats(Clock.systemUTC());
        fill(stats);

        String text =
                text(
                        new RetryCollector(stats, NODE),
                        new TransactionCollector(stats.transactions(), NODE));

        assertThat(text)
                .contains(
                        line(
                                "rocketmq_send_to_dlq_messages_total",
                                "1.0",
                                "consumer_group",
                                "billing",
                                "topic",
                                "orders",
                                "is_system",
                                "false"))
                .contains(
                        line(
                                "rocketmq_send_to_dlq_messages_total",
                                "1.0",
                                "consumer_group",
                                "CID_RMQ_SYS_x",
                                "topic",
                                "orders",
                                "is_system",
                                "true"))
                .contains(
                        line(
                                "rocketmq_pop_revive_retry_messages_total",
                                "2.0",
                                "consumer_group",
                                "billing",
                                "topic",
                                "orders",
                                "put_status",
                                "PUT_OK"))
                .contains(line("rocketmq_half_messages", "1.0", "topic", "pay"))
                .contains(line("rocketmq_commit_messages_total", "2.0", "topic", "pay"))
                .contains(line("rocketmq_rollback_messages_total", "1.0", "topic", "pay"))
                .contains(line("rocketmq_finish_message_latency_count", "2", "topic", "pay"))
                .contains(line("rocketmq_finish_message_latency_sum", "103.0", "topic", "pay"));
        String bucket =
                "rocketmq_finish_message_latency_bucket{" + NODE_TEXT + ",topic=\"pay\",le=";
        assertThat(text)
                .contains(bucket + "\"5.0\"} 1\n")
                .contains(bucket + "\"60.0\"} 1\n")
                .contains(bucket + "\"600.0\"} 2\n");
    }

    @Test
    void theTimerWheelIsReadFromItsCountsAndProgress() throws IOException {
        MutableClock clock = new MutableClock(System.currentTimeMillis());
        try (StoreFixture store = StoreFixture.open(dir.resolve("store"))) {
            BrokerStats stats = new BrokerStats(Clock.systemUTC());
            TimerCollector collector =
                    new TimerCollector(stats.timer(), store.store(), clock, NODE);
            fill(stats);
            // No wheel runs here yet (a slave): only the counts.
            assertThat(text(collector))
                    .contains(line("rocketmq_timer_enqueue_total", "2.0", "topic", "later"))
                    .contains(line("rocketmq_timer_dequeue_total", "1.0", "topic", "later"))
                    .contains(line("rocketmq_timing_messages", "1.0", "topic", "later"))
                    .doesNotContain("rocketmq_timer_enqueue_lag");

            for (int i = 0; i < 3; i++) {
                store.put(DelayTopics.TIMER_TOPIC, 0, "t" + i);
            }
            long second = store.store().storeTimestamp(DelayTopics.TIMER_TOPIC, 0, 1);
            stats.timer().progress(1, clock.millis() - 250, 4);
            clock.set(Math.max(clock.millis(), second) + 1_000);

            String text = text(collector);
            assertThat(text)
                    .contains(line("rocketmq_timer_enqueue_lag", "2.0"))
                    .contains(
                            line(
                                    "rocketmq_timer_enqueue_latency",
                                    (clock.millis() - second) + ".0"))
                    .contains(line("rocketmq_timer_dequeue_lag", "4.0"))
                    .contains("rocketmq_timer_dequeue_latency{" + NODE_TEXT + "} ");
        }
    }

    private Sources sources(StoreFixture store) throws IOException {
        return sources(store, PopPositions.NONE);
    }

    private Sources sources(StoreFixture store, PopPositions pops) throws IOException {
        BrokerConfig config = BrokerConfig.builder().storePathRootDir(dir).build();
        TopicTable topics = new TopicTable(json("topics"));
        topics.load(config);
        SubscriptionGroupTable groups = new SubscriptionGroupTable(json("groups"), () -> true);
        return new Sources(
                () -> config,
                new BrokerStats(Clock.systemUTC()),
                store.store(),
                topics,
                new ConsumerOffsetTable(json("offsets")),
                groups,
                new ClientRegistry(topics, groups),
                new PullHoldAgent(),
                () -> null,
                pops);
    }

    private JsonFile json(String name) {
        return new JsonFile(dir.resolve(name + ".json"));
    }
}
