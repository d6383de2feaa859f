package io.bolide.broker.consumer;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** Clients and consumer groups: heartbeats, members, committed offsets, queue locks, settings. */
public final class ConsumerFeature {
    private ConsumerFeature() {}

    /** As below, with a fixed lock expiry. */
    public static void install(
            Codes codes,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            MessageStore store,
            long lockMaxLiveMillis) {
        serve(codes, clients, offsets, groups, store, () -> lockMaxLiveMillis);
    }

    /**
     * Serves the client, offset, queue-lock and subscription-group codes; the lock expiry
     * (rebalanceLockMaxLiveTime) is read from {@code settings} at each lock request.
     */
    public static void install(
            Codes codes,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            MessageStore store,
            Supplier<BrokerConfig> settings) {
        serve(
                codes,
                clients,
                offsets,
                groups,
                store,
                () -> settings.get().rebalanceLockMaxLiveTime());
    }

    private static void serve(
            Codes codes,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            MessageStore store,
            LongSupplier lockMaxLiveMillis) {
        codes.serve(RequestCode.HEART_BEAT, new HeartbeatHandler(clients, groups));
        codes.serve(RequestCode.UNREGISTER_CLIENT, new UnregisterClientHandler(clients));
        codes.serve(
                RequestCode.GET_CONSUMER_LIST_BY_GROUP, new GetConsumerListByGroupHandler(clients));
        codes.serve(
                RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetHandler(offsets, store, clients.queueMappings()));
        codes.serve(
                RequestCode.UPDATE_CONSUMER_OFFSET,
                new UpdateConsumerOffsetHandler(offsets, clients.queueMappings()));
        QueueLockTable locks = new QueueLockTable(lockMaxLiveMillis, System::currentTimeMillis);
        codes.serve(RequestCode.LOCK_BATCH_MQ, new LockBatchMqHandler(locks));
        codes.serve(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqHandler(locks));
        codes.serve(
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                new UpdateAndCreateSubscriptionGroupHandler(groups));
        codes.serve(
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST,
                new UpdateAndCreateSubscriptionGroupListHandler(groups));
        codes.serve(
                RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                new GetAllSubscriptionGroupConfigHandler(groups));
        codes.serve(
                RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                new GetSubscriptionGroupConfigHandler(groups));
        codes.serve(
                RequestCode.DELETE_SUBSCRIPTIONGROUP,
                new DeleteSubscriptionGroupHandler(groups, offsets));
        codes.serve(
                RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN,
                new UpdateAndGetGroupForbiddenHandler(groups));
    }
}
