package io.bolide.broker.pull;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerFeature;
import io.bolide.broker.fixture.Heartbeats;
import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.MutableClock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The pull path as the broker assembles it (handler, puller, hold agent, real tables and store),
 * served on an embedded channel. The hold agent's thread is not started: tests run its duty cycle
 * with {@link #duty()} on their own thread, on a clock they move.
 */
final class PullFixture implements AutoCloseable {
    static final String TOPIC = "PullTopic";
    static final String GROUP = "pullGroup";
    static final long HOLD_MILLIS = 15_000;

    final MutableClock clock = new MutableClock(1_000_000);
    final PullHoldAgent hold =
            new PullHoldAgent(() -> TimeUnit.MILLISECONDS.toNanos(clock.getAsLong()));
    final StoreFixture store;
    final Puller puller;
    final TopicTable topics;
    final ClientRegistry clients;
    final ConsumerOffsetTable offsets;
    final EmbeddedServer server = new EmbeddedServer();
    final BrokerStats stats = new BrokerStats(Clock.systemUTC());
    final SubscriptionGroupTable groups;
    final ColdReads cold;

    PullFixture(Path dir, BrokerConfig config) throws IOException {
        this(dir, config, UnaryOperator.identity());
    }

    /** With the store's settings changed by {@code tune} (retention, for instance). */
    PullFixture(Path dir, BrokerConfig config, UnaryOperator<StoreConfig.Builder> tune)
            throws IOException {
        this(dir, config, tune, 1L << 40);
    }

    /**
     * @param warmBytes how far behind the commit log's end a read stays warm
     */
    PullFixture(
            Path dir, BrokerConfig config, UnaryOperator<StoreConfig.Builder> tune, long warmBytes)
            throws IOException {
        store =
                StoreFixture.open(
                        tune.apply(StoreFixture.small(dir.resolve("store"), hold, clock)).build());
        topics = new TopicTable(new JsonFile(dir.resolve("config/topics.json")));
        topics.load(config);
        topics.put(TopicTable.config(TOPIC, 4, Perm.READ | Perm.WRITE));
        SubscriptionGroupTable groups =
                new SubscriptionGroupTable(
                        new JsonFile(dir.resolve("config/groups.json")), () -> true);
        clients = new ClientRegistry(topics, groups);
        offsets = new ConsumerOffsetTable(new JsonFile(dir.resolve("config/offsets.json")));
        cold = new ColdReads(() -> config, store.store(), 1L << 30, clock::getAsLong);
        puller =
                new Puller(
                        store.store(),
                        hold,
                        new ReadFromSlaveRule(
                                config.brokerId(),
                                config.slaveReadEnable(),
                                warmBytes,
                                store.store()),
                        stats,
                        cold);
        hold.attach(puller);
        server.register(
                RequestCode.PULL_MESSAGE,
                new PullMessageHandler(
                        () -> config, topics, clients, offsets, puller, "127.0.0.1:10911", cold));
        this.groups = groups;
        ConsumerFeature.install(
                new Codes(server::register), clients, offsets, groups, store.store(), 60_000);
    }

    /** A pull of {@code queueId} from {@code offset}, as the push consumer sends it. */
    static Map<String, String> pull(int queueId, long offset, int sysFlag) {
        return Wire.fields(
                "consumerGroup", GROUP,
                "topic", TOPIC,
                "queueId", queueId,
                "queueOffset", offset,
                "maxMsgNums", 32,
                "sysFlag", sysFlag,
                "commitOffset", 0,
                "suspendTimeoutMillis", HOLD_MILLIS,
                "subscription", "*",
                "subVersion", 0,
                "expressionType", "TAG");
    }

    Wire.Reply call(Map<String, String> fields) {
        return Wire.call(server, RequestCode.PULL_MESSAGE, fields, null);
    }

    /** A consumer of {@link #GROUP} subscribed to {@link #TOPIC} with {@code tags}. */
    void heartbeat(String tags, long subVersion) {
        Wire.Reply reply =
                Wire.callJson(
                        server,
                        RequestCode.HEART_BEAT,
                        Map.of(),
                        Heartbeats.consumer("client-1", GROUP, TOPIC, tags, subVersion));
        if (reply.code() != 0) {
            throw new AssertionError("heartbeat refused: " + reply);
        }
    }

    /** One duty cycle of the hold agent on the test thread; returns the work it reported. */
    int duty() {
        return hold.doWork();
    }

    void put(int queueId, String body, String... properties) {
        store.put(TOPIC, queueId, body, properties);
    }

    @Override
    public void close() throws IOException {
        server.close();
        store.close();
    }
}
