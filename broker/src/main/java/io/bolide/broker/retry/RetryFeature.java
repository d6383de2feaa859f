package io.bolide.broker.retry;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.store.MessageStore;
import java.util.function.Supplier;

/** Retry and dead-letter queues: a consumer's failed message comes back later, or is parked. */
public final class RetryFeature {
    private RetryFeature() {}

    /**
     * Serves CONSUMER_SEND_MSG_BACK (36); retry copies wait their back-off in {@code delays}. A
     * slave, which cannot write, turns it away as the reference's does: SYSTEM_BUSY with {@link
     * Remarks#REJECT_REQUEST} (the client then sends the message back to the master).
     */
    public static void install(
            Codes codes,
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            MessageStore store,
            DelayRouter delays,
            Advertised self,
            SubscriptionGroupTable groups,
            BrokerStats stats) {
        BrokerConfig config = settings.get();
        if (config.brokerRole() == BrokerRole.SLAVE) {
            codes.serve(
                    RequestCode.CONSUMER_SEND_MSG_BACK,
                    (request, exchange) ->
                            exchange.respond(ResponseCode.SYSTEM_BUSY, Remarks.REJECT_REQUEST));
            return;
        }
        codes.serve(
                RequestCode.CONSUMER_SEND_MSG_BACK,
                new ConsumerSendMsgBackHandler(
                        settings,
                        topics,
                        store,
                        RetryPut.delayed(store, delays),
                        self,
                        groups,
                        stats));
    }
}
