package io.bolide.broker.lite.remoting;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.broker.lite.LitePops;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.pop.PopEngine;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PopLiteMessageRequestHeader;
import io.bolide.protocol.header.PopLiteMessageResponseHeader;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POP_LITE_MESSAGE (200070): takes messages from the lite topics the calling client subscribed to
 * under the parent topic, those of its ready set ({@code LiteReady}: the ones that may have
 * messages) oldest first, each lite topic in order (nothing more from a lite topic while an earlier
 * batch of it is not acknowledged, as the reference's lite pop is orderly). The request is checked
 * in the reference's order: the poll's age, the broker's and topic's read permission, at most 32
 * messages, a LITE parent topic, a group that may consume and is bound to it. With nothing to take
 * it waits up to the poll time (long polling, as the reference's broker does), woken once per
 * arrival batch on the client's lite topics through its ready set.
 */
final class PopLiteMessageHandler implements RequestHandler {
    /**
     * The revive queue id a lite pop's receipt handle names (the reference's; the client puts it in
     * the handles it builds, and acknowledges with ACK_MESSAGE naming the lite topic).
     */
    static final int REVIVE_QID = 999;

    /** The reference's cap on messages per pop. */
    static final int MAX_MSG_NUM = 32;

    /** Slack the reference allows between a poll's born time plus poll time and its arrival. */
    static final long LATE_MS = 500;

    private static final Logger LOG = LoggerFactory.getLogger(PopLiteMessageHandler.class);

    private static final Subscription EVERY =
            new Subscription("", "*", 0, TagFilter.parse("*"), null);

    private final Supplier<BrokerConfig> settings;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final LiteSubscriptions subscriptions;
    private final PopEngine pops;
    private final PollCaps caps = new PollCaps();

    PopLiteMessageHandler(
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            SubscriptionGroupTable groups,
            LiteSubscriptions subscriptions,
            PopEngine pops) {
        this.settings = settings;
        this.topics = topics;
        this.groups = groups;
        this.subscriptions = subscriptions;
        this.pops = pops;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        PopLiteMessageRequestHeader h = PopLiteMessageRequestHeader.decode(request.extFields());
        if (requestRefused(h, exchange) || targetRefused(h, exchange)) {
            return;
        }
        attempt(h, exchange, true);
    }

    /**
     * Pops and answers what is there; with nothing there and poll time left (the request's born
     * time plus its poll time, as the reference counts it), waits in the POP hold for an arrival on
     * a lite topic of the client or a change of its subscription, then tries again; 210
     * NO_MESSAGE_IN_QUEUE when the poll time is over.
     */
    private void attempt(PopLiteMessageRequestHeader h, Exchange exchange, boolean mayHold) {
        long invisible = Math.max(0, h.invisibleTime());
        Taken taken = take(h, invisible);
        if (taken.records.isEmpty() && mayHold) {
            Held held = hold(h, exchange);
            if (held == Held.HELD) {
                return;
            }
            if (held == Held.FULL) {
                empty(exchange, ResponseCode.POLLING_FULL, taken, invisible);
                return;
            }
        }
        if (taken.records.isEmpty()) {
            empty(exchange, ResponseCode.POLLING_TIMEOUT, taken, invisible);
            return;
        }
        PopLiteMessageResponseHeader header =
                new PopLiteMessageResponseHeader()
                        .popTime(taken.popTime)
                        .invisibleTime(invisible)
                        .reviveQid(REVIVE_QID);
        header.orderCountInfo(taken.counts.toString());
        exchange.respond(ResponseCode.SUCCESS, "FOUND", header, body(taken.records));
    }

    /** An answer without messages, as the reference's: its remark is the store's status. */
    private static void empty(Exchange exchange, int code, Taken taken, long invisible) {
        PopLiteMessageResponseHeader header =
                new PopLiteMessageResponseHeader()
                        .popTime(taken.popTime)
                        .invisibleTime(invisible)
                        .reviveQid(REVIVE_QID);
        exchange.respond(code, "NO_MESSAGE_IN_QUEUE", header, null);
    }

    /** What became of an empty pop: held, to be answered now, or refused by a poll cap. */
    private enum Held {
        HELD,
        NOT_HELD,
        FULL
    }

    /** Holds an empty pop that has poll time left, within the poll caps. */
    private Held hold(PopLiteMessageRequestHeader h, Exchange exchange) {
        long deadline = h.bornTime() + h.pollTime();
        if (h.pollTime() <= 0 || deadline <= System.currentTimeMillis()) {
            return Held.NOT_HELD;
        }
        String key = clientKey(h.consumerGroup(), h.clientId());
        BrokerConfig config = settings.get();
        if (!caps.enter(
                key,
                config.values().get(BrokerConfigKeys.LITE.maxPollingSize),
                config.values().get(BrokerConfigKeys.LITE.pollingSize))) {
            return Held.FULL;
        }
        if (held(h, exchange, deadline)) {
            return Held.HELD;
        }
        caps.leave(key);
        return Held.NOT_HELD;
    }

    private boolean held(PopLiteMessageRequestHeader h, Exchange exchange, long deadline) {
        // Arrivals on the client's lite topics reach it through its ready set, which marks this
        // key.
        List<String> watched = List.of(clientKey(h.consumerGroup(), h.clientId()));
        return pops.hold(
                h.consumerGroup(),
                h.topic(),
                deadline,
                watched,
                new PopEngine.Wait() {
                    @Override
                    public boolean hasNews() {
                        return news(h);
                    }

                    @Override
                    public void answer(boolean mayHold) {
                        caps.leave(clientKey(h.consumerGroup(), h.clientId()));
                        answerHeld(h, exchange, mayHold);
                    }
                });
    }

    /**
     * Answers a held pop on the POP agent's thread: a failure there still answers it (SYSTEM_ERROR)
     * instead of leaving the client to its own timeout.
     */
    private void answerHeld(PopLiteMessageRequestHeader h, Exchange exchange, boolean mayHold) {
        try {
            attempt(h, exchange, mayHold);
        } catch (RuntimeException e) {
            LOG.warn("held lite pop of {} failed", h.consumerGroup(), e);
            exchange.respond(ResponseCode.SYSTEM_ERROR, "lite pop failed: " + e);
        }
    }

    /** The key a change of the client's lite subscription marks in the POP hold. */
    static String clientKey(String group, String clientId) {
        return "%LITE_CLIENT%" + group + "%" + clientId;
    }

    private boolean news(PopLiteMessageRequestHeader h) {
        return LitePops.anyReady(
                subscriptions,
                h.consumerGroup(),
                h.clientId(),
                h.topic(),
                queue -> pops.hasNews(h.consumerGroup(), queue, true));
    }

    /** What one pop took: the records as the client reads them, their earlier deliveries. */
    private static final class Taken {
        final List<ByteBuf> records = new ArrayList<>();
        final StringJoiner counts = new StringJoiner(";");
        long popTime = System.currentTimeMillis();
        boolean popped;
    }

    private Taken take(PopLiteMessageRequestHeader h, long invisible) {
        Taken taken = new Taken();
        StoredMessageFlyweight flyweight = new StoredMessageFlyweight();
        LitePops.serve(
                subscriptions,
                h.consumerGroup(),
                h.clientId(),
                h.topic(),
                Math.max(1, h.maxMsgNum()),
                (queue, room) -> {
                    // One pop time for the whole answer: the client builds every receipt handle
                    // with it.
                    long popTime = taken.popped ? taken.popTime : -1;
                    PopEngine.Popped popped =
                            pops.pop(
                                    h.consumerGroup(),
                                    queue,
                                    0,
                                    room,
                                    invisible,
                                    EVERY,
                                    true,
                                    popTime);
                    taken.popTime = popped.popTime();
                    taken.popped = true;
                    return add(taken, popped, h.topic(), queue, flyweight);
                });
        return taken;
    }

    private static int add(
            Taken taken,
            PopEngine.Popped popped,
            String parent,
            String queue,
            StoredMessageFlyweight flyweight) {
        int n = 0;
        for (ByteBuf record : popped.records()) {
            try {
                long offset = flyweight.wrap(record, record.readerIndex()).queueOffset();
                taken.records.add(LiteRecords.forClient(record, parent, queue));
                taken.counts.add(Integer.toString(popped.redeliveries(0, offset)));
                n++;
            } finally {
                record.release();
            }
        }
        return n;
    }

    private static ByteBuf body(List<ByteBuf> records) {
        if (records.size() == 1) {
            return records.get(0);
        }
        CompositeByteBuf body =
                PooledByteBufAllocator.DEFAULT.compositeDirectBuffer(records.size());
        for (ByteBuf record : records) {
            body.addComponent(true, record);
        }
        return body;
    }

    /** Whether the poll's age, the broker's permission or the count refuse the pop (answered). */
    private boolean requestRefused(PopLiteMessageRequestHeader h, Exchange exchange) {
        BrokerConfig config = settings.get();
        String broker = config.brokerIP1();
        if (System.currentTimeMillis() - h.bornTime() - h.pollTime() > LATE_MS) {
            return refuse(
                    exchange,
                    ResponseCode.POLLING_TIMEOUT,
                    "the broker[" + broker + "] pop message is timeout too much");
        }
        if (!Perm.readable(config.brokerPermission())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the broker[" + broker + "] pop message is forbidden");
        }
        if (h.maxMsgNum() > MAX_MSG_NUM) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "the broker[" + broker + "] pop message's num is greater than 32");
        }
        return false;
    }

    /** Whether the parent topic or the group refuse the pop (answered). */
    private boolean targetRefused(PopLiteMessageRequestHeader h, Exchange exchange) {
        String name = h.topic();
        TopicConfig topic = topics.get(name);
        if (topic == null) {
            return refuse(
                    exchange,
                    ResponseCode.TOPIC_NOT_EXIST,
                    "topic [" + name + "] not exist, apply first please! " + Remarks.FAQ);
        }
        if (!Perm.readable(topic.perm())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the topic [" + name + "] peeking message is forbidden");
        }
        if (!LiteGroups.isLite(topic)) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "the topic [" + name + "] message type not match");
        }
        return groupRefused(h, exchange);
    }

    private boolean groupRefused(PopLiteMessageRequestHeader h, Exchange exchange) {
        String name = h.consumerGroup();
        SubscriptionGroupConfig group = groups.find(name);
        if (group == null) {
            return refuse(
                    exchange,
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group [" + name + "] not exist, " + Remarks.FAQ);
        }
        if (!group.consumeEnable()) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "subscription group no permission, " + name);
        }
        if (!h.topic().equals(LiteGroups.bindTopic(group))) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "subscription bind topic not match, " + name);
        }
        return false;
    }

    private static boolean refuse(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return true;
    }
}
