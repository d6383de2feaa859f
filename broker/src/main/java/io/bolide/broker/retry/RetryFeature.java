package io.bolide.broker.retry;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;

/** Retry and dead-letter queues: a consumer's failed message comes back later, or is parked. */
public final class RetryFeature {
    private RetryFeature() {}

    /** Serves CONSUMER_SEND_MSG_BACK (36); retry copies wait their back-off in {@code delays}. */
    public static void install(
            Codes codes,
            BrokerConfig config,
            TopicTable topics,
            MessageStore store,
            DelayRouter delays,
            Advertised self,
            SubscriptionGroupTable groups,
            BrokerStats stats) {
        codes.serve(
                RequestCode.CONSUMER_SEND_MSG_BACK,
                new ConsumerSendMsgBackHandler(
                        config,
                        topics,
                        store,
                        RetryPut.delayed(store, delays),
                        self,
                        groups,
                        stats));
    }
}
