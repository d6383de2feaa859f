package io.bolide.broker.lite.remoting;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.lite.Lite;
import io.bolide.broker.lite.LiteReady;
import io.bolide.broker.pop.PopEngine;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;
import java.util.function.Supplier;

/**
 * Serves the remoting codes of Lite Topics the reference broker serves: 200070, 200071 and
 * 200074–200079. Its 5.5.0 broker registers no processor for ACK_LITE_MESSAGE (200072): a lite
 * message is acknowledged with ACK_MESSAGE naming the lite topic, as its client sends it.
 */
public final class LiteRemoting {
    /** The broker's tables the lite codes read. */
    public record Tables(
            TopicTable topics, SubscriptionGroupTable groups, ConsumerOffsetTable offsets) {}

    private LiteRemoting() {}

    public static void install(
            Codes codes,
            Supplier<BrokerConfig> settings,
            Tables tables,
            Lite lite,
            MessageStore store,
            PopEngine pops) {
        TopicTable topics = tables.topics();
        SubscriptionGroupTable groups = tables.groups();
        LiteNotices notices = new LiteNotices();
        lite.subscriptions().onDropped(notices);
        lite.subscriptions().rules(new GroupRules(groups));
        lite.subscriptions().resets(new LiteOffsets(tables.offsets(), store, pops));
        lite.subscriptions()
                .onChange(
                        (group, clientId) ->
                                pops.touch(PopLiteMessageHandler.clientKey(group, clientId)));
        // The ready sets: fed by arrivals on lite queues, each one waking the client's held pops.
        LiteReady ready = lite.subscriptions().ready();
        ready.pending(pops::pending);
        ready.onWoken(
                (group, clientId) -> pops.touch(PopLiteMessageHandler.clientKey(group, clientId)));
        pops.onLiteArrival(ready::arrived);
        codes.serve(
                RequestCode.POP_LITE_MESSAGE,
                new PopLiteMessageHandler(settings, topics, groups, lite.subscriptions(), pops));
        codes.serve(
                RequestCode.LITE_SUBSCRIPTION_CTL,
                new LiteSubscriptionCtlHandler(lite.subscriptions(), groups, notices));
        LiteQueries queries = new LiteQueries(lite, topics, groups, tables.offsets(), store);
        codes.serve(RequestCode.GET_BROKER_LITE_INFO, queries::brokerInfo);
        codes.serve(RequestCode.GET_PARENT_TOPIC_INFO, queries::parentTopicInfo);
        codes.serve(RequestCode.GET_LITE_TOPIC_INFO, queries::liteTopicInfo);
        LiteConsumerQueries consumers =
                new LiteConsumerQueries(
                        lite.subscriptions(), topics, groups, tables.offsets(), store);
        codes.serve(RequestCode.GET_LITE_CLIENT_INFO, consumers::clientInfo);
        codes.serve(RequestCode.GET_LITE_GROUP_INFO, consumers::groupInfo);
        codes.serve(RequestCode.TRIGGER_LITE_DISPATCH, consumers::triggerDispatch);
    }
}
