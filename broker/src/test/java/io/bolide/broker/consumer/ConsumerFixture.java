package io.bolide.broker.consumer;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.QueueMappings;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.testsupport.MutableClock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The consumer feature's handlers on an embedded channel, over real tables and a real store; queue
 * locks expire on a clock the test moves.
 */
final class ConsumerFixture implements AutoCloseable {
    static final long LOCK_LIVE_MILLIS = 60_000;

    final MutableClock clock = new MutableClock(1_000_000);
    final StoreFixture store;
    final TopicTable topics;
    final ClientRegistry clients;
    final ConsumerOffsetTable offsets;
    final SubscriptionGroupTable groups;
    final EmbeddedServer server = new EmbeddedServer();
    boolean autoCreateGroups = true;

    ConsumerFixture(Path dir) throws IOException {
        store = StoreFixture.open(dir.resolve("store"));
        topics = new TopicTable(new JsonFile(dir.resolve("config/topics.json")));
        topics.load(BrokerConfig.builder().build());
        clients = new ClientRegistry(topics);
        offsets = new ConsumerOffsetTable(new JsonFile(dir.resolve("config/offsets.json")));
        groups =
                new SubscriptionGroupTable(
                        new JsonFile(dir.resolve("config/groups.json")), () -> autoCreateGroups);
        QueueLockTable locks = new QueueLockTable(LOCK_LIVE_MILLIS, clock);
        server.register(RequestCode.HEART_BEAT, new HeartbeatHandler(clients, groups))
                .register(RequestCode.UNREGISTER_CLIENT, new UnregisterClientHandler(clients))
                .register(
                        RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                        new GetConsumerListByGroupHandler(clients))
                .register(
                        RequestCode.QUERY_CONSUMER_OFFSET,
                        new QueryConsumerOffsetHandler(
                                offsets, store.store(), QueueMappings.inMemory()))
                .register(
                        RequestCode.UPDATE_CONSUMER_OFFSET,
                        new UpdateConsumerOffsetHandler(offsets, QueueMappings.inMemory()))
                .register(RequestCode.LOCK_BATCH_MQ, new LockBatchMqHandler(locks))
                .register(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqHandler(locks))
                .register(
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        new UpdateAndCreateSubscriptionGroupHandler(groups))
                .register(
                        RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                        new GetAllSubscriptionGroupConfigHandler(groups))
                .register(
                        RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                        new GetSubscriptionGroupConfigHandler(groups))
                .register(
                        RequestCode.DELETE_SUBSCRIPTIONGROUP,
                        new DeleteSubscriptionGroupHandler(groups, offsets));
    }

    Wire.Reply call(int code, Map<String, String> fields) {
        return Wire.call(server, code, fields, null);
    }

    Wire.Reply callJson(int code, Map<String, String> fields, Object body) {
        return Wire.callJson(server, code, fields, body);
    }

    @Override
    public void close() throws IOException {
        server.close();
        store.close();
    }
}
