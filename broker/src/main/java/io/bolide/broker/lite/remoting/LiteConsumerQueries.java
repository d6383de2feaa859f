package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.GetLiteClientInfoResponseBody;
import io.bolide.protocol.body.GetLiteGroupInfoResponseBody;
import io.bolide.protocol.body.OffsetWrapper;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetLiteClientInfoRequestHeader;
import io.bolide.protocol.header.GetLiteGroupInfoRequestHeader;
import io.bolide.protocol.header.TriggerLiteDispatchRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.store.MessageStore;
import io.netty.buffer.Unpooled;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The lite codes about consumers: GET_LITE_CLIENT_INFO (200077), GET_LITE_GROUP_INFO (200078) and
 * TRIGGER_LITE_DISPATCH (200079). Lite topics are named as the reference names them in these
 * answers, by their queue names ({@code %LMQ%$parent$lite}).
 */
final class LiteConsumerQueries {
    /** The most lite topics one client-info answer lists (the reference's cap). */
    static final int MAX_RETURN_COUNT = 10_000;

    private final LiteSubscriptions subscriptions;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;

    LiteConsumerQueries(
            LiteSubscriptions subscriptions,
            TopicTable topics,
            SubscriptionGroupTable groups,
            ConsumerOffsetTable offsets,
            MessageStore store) {
        this.subscriptions = subscriptions;
        this.topics = topics;
        this.groups = groups;
        this.offsets = offsets;
        this.store = store;
    }

    void clientInfo(RemotingCommand request, Exchange exchange) {
        GetLiteClientInfoRequestHeader h =
                GetLiteClientInfoRequestHeader.decode(request.extFields());
        if (LiteChecks.parent(topics, h.parentTopic(), exchange) == null) {
            return;
        }
        SubscriptionGroupConfig group = h.group() == null ? null : groups.find(h.group());
        if (group == null) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "Group [" + h.group() + "] not exist.");
            return;
        }
        if (!h.parentTopic().equals(LiteGroups.bindTopic(group))) {
            exchange.respond(
                    ResponseCode.INVALID_PARAMETER,
                    "Subscription [" + h.group() + "]-[" + h.parentTopic() + "] not match.");
            return;
        }
        List<String> lites = subscriptions.of(h.group(), h.clientId(), h.parentTopic());
        int max = Math.min(h.maxCount(), MAX_RETURN_COUNT);
        Set<String> listed = null;
        int count = -1;
        if (!lites.isEmpty()) {
            count = lites.size();
            listed = new LinkedHashSet<>();
            for (String lite : lites) {
                if (listed.size() >= max) {
                    break;
                }
                listed.add(LiteNames.queueName(h.parentTopic(), lite));
            }
        }
        LiteQueries.answer(
                exchange,
                new GetLiteClientInfoResponseBody(
                        h.parentTopic(), h.group(), h.clientId(), -1, 0, count, listed));
    }

    void groupInfo(RemotingCommand request, Exchange exchange) {
        GetLiteGroupInfoRequestHeader h = GetLiteGroupInfoRequestHeader.decode(request.extFields());
        String parent = LiteChecks.boundTopic(groups, h.group(), exchange);
        if (parent == null) {
            return;
        }
        if (h.liteTopic() == null || h.liteTopic().isEmpty()) {
            // The totals and top-K lists come from the reference's lag metrics, which Bolide does
            // not keep per lite topic: none are listed.
            answerUnset(
                    exchange,
                    new GetLiteGroupInfoResponseBody(
                            h.group(), parent, h.liteTopic(), 0, 0, null, List.of(), List.of()));
            return;
        }
        answerUnset(exchange, lag(h.group(), parent, h.liteTopic()));
    }

    /**
     * {@code group}'s lag on one lite topic: -1s when the lite topic holds nothing, 0s when the
     * group never consumed it.
     */
    private GetLiteGroupInfoResponseBody lag(String group, String parent, String lite) {
        String queue = LiteNames.queueName(parent, lite);
        long max = store.maxOffset(queue, 0);
        if (max <= 0) {
            return new GetLiteGroupInfoResponseBody(group, parent, lite, -1, -1, null, null, null);
        }
        long consumed = offsets.query(group, queue, 0);
        if (consumed < 0) {
            return new GetLiteGroupInfoResponseBody(group, parent, lite, 0, 0, null, null, null);
        }
        long lastTime = consumed > 0 ? store.storeTimestamp(queue, 0, consumed - 1) : 0;
        long earliest = consumed < max ? store.storeTimestamp(queue, 0, consumed) : 0;
        return new GetLiteGroupInfoResponseBody(
                group,
                parent,
                lite,
                earliest,
                max - consumed,
                new OffsetWrapper(max, consumed, 0, lastTime),
                null,
                null);
    }

    /**
     * Asks the broker to look again for messages of a group's (or one client's) lite topics. Bolide
     * finds them at each pop (it keeps no event queue to refill), so it has nothing more to do.
     */
    void triggerDispatch(RemotingCommand request, Exchange exchange) {
        TriggerLiteDispatchRequestHeader h =
                TriggerLiteDispatchRequestHeader.decode(request.extFields());
        if (LiteChecks.boundTopic(groups, h.group(), exchange) == null) {
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, UNSET);
    }

    /**
     * The remark the reference's answers to 200078 and 200079 carry with SUCCESS (its response
     * starts with it and only the code is set afterwards); kept, as clients may log it.
     */
    static final String UNSET = "not set any response code";

    private static void answerUnset(Exchange exchange, Object body) {
        exchange.respond(
                ResponseCode.SUCCESS, UNSET, null, Unpooled.wrappedBuffer(BodyCodec.encode(body)));
    }
}
