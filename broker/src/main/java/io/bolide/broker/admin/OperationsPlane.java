package io.bolide.broker.admin;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;

/**
 * The operator's codes beyond reading the broker's state: calls relayed to clients (consume a
 * message now, report offsets), the broker-wide consume view, queue and time-span inspection,
 * offset cloning, the topic and subscription lookups by group, and the store clean-ups.
 */
public final class OperationsPlane {
    /** A client consuming a message on request may take a while: the reference's wait. */
    static final long CONSUME_DIRECTLY_TIMEOUT_MS = 10_000;

    /** How long each member may take to report its offsets (the reference's wait). */
    static final long CONSUMER_STATUS_TIMEOUT_MS = 5_000;

    private OperationsPlane() {}

    /** Serves the codes; {@code stats} feeds the consume rates of the broker-wide view. */
    public static void install(Codes codes, Tables t, MessageStore store, BrokerStats stats) {
        codes.serve(
                RequestCode.CONSUME_MESSAGE_DIRECTLY,
                new ConsumeMessageDirectlyHandler(
                        t.clients(),
                        t.topics(),
                        store,
                        t.brokerName(),
                        CONSUME_DIRECTLY_TIMEOUT_MS));
        codes.serve(
                RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS,
                new InvokeBrokerToGetConsumerStatusHandler(
                        t.clients(), CONSUMER_STATUS_TIMEOUT_MS));
        codes.serve(RequestCode.GET_ALL_PRODUCER_INFO, new GetAllProducerInfoHandler(t.clients()));
        codes.serve(
                RequestCode.GET_BROKER_CONSUME_STATS,
                new GetBrokerConsumeStatsHandler(t, store, stats));
        codes.serve(
                RequestCode.QUERY_CONSUME_TIME_SPAN,
                new QueryConsumeTimeSpanHandler(t.topics(), t.offsets(), store, t.brokerName()));
        codes.serve(
                RequestCode.QUERY_CORRECTION_OFFSET,
                new QueryCorrectionOffsetHandler(t.offsets(), store));
        codes.serve(
                RequestCode.QUERY_CONSUME_QUEUE, new QueryConsumeQueueHandler(store, t.clients()));
        codes.serve(
                RequestCode.CLONE_GROUP_OFFSET,
                new CloneGroupOffsetHandler(t.topics(), t.offsets(), t.clients()));
        installLookups(codes, t);
        installCleanups(codes, t, store);
    }

    private static void installLookups(Codes codes, Tables t) {
        codes.serve(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER, new GetSystemTopicListHandler());
        codes.serve(
                RequestCode.QUERY_TOPICS_BY_CONSUMER,
                new QueryTopicsByConsumerHandler(t.offsets(), t.brokerAddress()));
        codes.serve(
                RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER,
                new QuerySubscriptionByConsumerHandler(t.clients()));
    }

    private static void installCleanups(Codes codes, Tables t, MessageStore store) {
        codes.serve(
                RequestCode.CLEAN_UNUSED_TOPIC,
                new StoreCleanupHandler(StoreCleanupHandler.Kind.UNUSED_TOPICS, store, t.topics()));
        codes.serve(
                RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
                new StoreCleanupHandler(
                        StoreCleanupHandler.Kind.EXPIRED_QUEUES, store, t.topics()));
        codes.serve(
                RequestCode.DELETE_EXPIRED_COMMITLOG,
                new StoreCleanupHandler(
                        StoreCleanupHandler.Kind.EXPIRED_COMMIT_LOG, store, t.topics()));
    }
}
