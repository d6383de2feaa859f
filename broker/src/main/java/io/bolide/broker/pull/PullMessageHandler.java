package io.bolide.broker.pull;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.filter.SqlFilterCache;
import io.bolide.broker.filter.SqlRecordFilter;
import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.LogicOffsets;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PullMessageRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.function.Supplier;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361): checks the request in the reference broker's
 * order, resolves the subscription (from the request with the SUBSCRIPTION flag, else from the
 * group's heartbeat) and its filters (tags, or a compiled SQL92 expression), stores the piggybacked
 * commit offset, and lets the {@link Puller} answer or hold it.
 */
final class PullMessageHandler implements RequestHandler {
    static final int FLAG_COMMIT_OFFSET = 1;
    static final int FLAG_SUSPEND = 2;
    static final int FLAG_SUBSCRIPTION = 4;
    static final String REJECTED = Remarks.REJECT_REQUEST;

    private final Supplier<BrokerConfig> settings;
    private final TopicTable topics;
    private final ClientRegistry clients;
    private final ConsumerOffsetTable offsets;
    private final Puller puller;
    private final String brokerAddress;
    private final ColdReads cold;
    private final SqlFilterCache sqlFilters = new SqlFilterCache();

    /**
     * @param settings the broker's current settings, read on every pull: the long-polling and
     *     transfer limits and the SQL filter switch change while the broker runs
     */
    PullMessageHandler(
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            Puller puller,
            String brokerAddress,
            ColdReads cold) {
        this.settings = settings;
        this.topics = topics;
        this.clients = clients;
        this.offsets = offsets;
        this.puller = puller;
        this.brokerAddress = brokerAddress;
        this.cold = cold;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        BrokerConfig config = settings.get();
        if (!config.brokerRole().isMaster() && !config.slaveReadEnable()) {
            // The reference's slave refuses every pull unless slaveReadEnable is on.
            exchange.respond(ResponseCode.SYSTEM_BUSY, REJECTED);
            return;
        }
        PullMessageRequestHeader header = PullMessageRequestHeader.decode(request.extFields());
        LogicPlacement placed =
                LogicPlacement.of(topics.mappings(), header.topic(), header.queueId(), request);
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return;
        }
        LogicRead logic = placed.isLogic() ? place(placed, request, header, exchange) : null;
        if (placed.isLogic() && logic == null) {
            return; // forwarded to the broker holding the stretch
        }
        if (!queueReadable(header, exchange) || !groupMayConsume(header, exchange)) {
            return;
        }
        int sysFlag = header.sysFlag();
        Subscription subscription = subscriptionOf(header, exchange);
        if (subscription == null) {
            return;
        }
        commitCarried(header);
        int cap = Integer.MAX_VALUE;
        if (cold.throttles(
                header.consumerGroup(), header.topic(), header.queueId(), header.queueOffset())) {
            if (pushedTo(header.consumerGroup())) {
                exchange.respond(ResponseCode.SYSTEM_BUSY, ColdReads.THROTTLED);
                return;
            }
            cap = 1; // a pull consumer reads on, one record per pull
        }
        PullRequest pull = toPull(header, subscription, exchange, cap);
        pull.logic = logic;
        puller.pull(pull, (sysFlag & FLAG_SUSPEND) != 0 && (logic == null || logic.mayHold()));
    }

    /**
     * Static topics (#38): commits the piggy-backed logic offset where its stretch lives, then
     * points the header at the physical queue and offset of the stretch the pull's offset falls in;
     * a stretch on another broker is read there instead (null returned).
     */
    private LogicRead place(
            LogicPlacement placed,
            RemotingCommand request,
            PullMessageRequestHeader header,
            Exchange exchange) {
        if ((header.sysFlag() & FLAG_COMMIT_OFFSET) != 0 && header.commitOffset() >= 0) {
            LogicOffsets.commit(
                    topics.mappings(),
                    offsets,
                    placed,
                    header.consumerGroup(),
                    header.topic(),
                    header.commitOffset());
        }
        header.sysFlag(header.sysFlag() & ~FLAG_COMMIT_OFFSET);
        LogicRead logic = LogicRead.of(placed, header.queueOffset());
        if (!placed.local(logic.stretch())) {
            logic.forward(topics.mappings().peers(), request, header, exchange);
            return null;
        }
        header.queueId(logic.stretch().queueId());
        header.queueOffset(Math.max(0, logic.stretch().physical(header.queueOffset())));
        return logic;
    }

    /** Stores the offset an ordinary queue's pull carries (a static topic's is stored earlier). */
    private void commitCarried(PullMessageRequestHeader header) {
        if ((header.sysFlag() & FLAG_COMMIT_OFFSET) != 0 && header.commitOffset() >= 0) {
            offsets.commit(
                    header.consumerGroup(),
                    header.topic(),
                    header.queueId(),
                    header.commitOffset());
        }
    }

    /** Whether {@code group} is a push consumer (by its heartbeat). */
    private boolean pushedTo(String group) {
        ConsumerGroup online = clients.consumerGroup(group);
        return online != null && online.consumesPassively();
    }

    private boolean queueReadable(PullMessageRequestHeader header, Exchange exchange) {
        String topic = header.topic();
        if (!Perm.readable(settings.get().brokerPermission())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the broker[" + brokerAddress + "] pulling message is forbidden");
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            return refuse(
                    exchange,
                    ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + topic + "] not exist, apply first please!" + Remarks.FAQ);
        }
        if (!Perm.readable(config.perm())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the topic[" + topic + "] pulling message is forbidden");
        }
        int queueId = header.queueId();
        if (queueId < 0 || queueId >= config.readQueueNums()) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "queueId["
                            + queueId
                            + "] is illegal, topic:["
                            + topic
                            + "] topicConfig.readQueueNums:["
                            + config.readQueueNums()
                            + "] consumer:["
                            + exchange.connection().remoteAddress()
                            + "]");
        }
        return true;
    }

    /** The group's settings allow it to consume; else answers why not, as the reference does. */
    private boolean groupMayConsume(PullMessageRequestHeader header, Exchange exchange) {
        String group = header.consumerGroup();
        SubscriptionGroupConfig settings = clients.settingsForRequest(group);
        if (settings == null) {
            return refuse(
                    exchange,
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group [" + group + "] does not exist, " + Remarks.FAQ);
        }
        if (!settings.consumeEnable()) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "subscription group no permission, " + group);
        }
        ConsumerGroup online = clients.consumerGroup(group);
        if (!settings.consumeBroadcastEnable() && online != null && online.broadcasting()) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the consumer group[" + group + "] can not consume by broadcast way");
        }
        return true;
    }

    /** The subscription to filter by, or null after answering a refusal. */
    private Subscription subscriptionOf(PullMessageRequestHeader header, Exchange exchange) {
        Subscription subscription =
                (header.sysFlag() & FLAG_SUBSCRIPTION) != 0
                        ? fromRequest(header, exchange)
                        : fromHeartbeat(header, exchange);
        if (subscription == null || subscription.sql() == null) {
            return subscription;
        }
        return sqlUsable(subscription.sql(), exchange) ? subscription : null;
    }

    private Subscription fromRequest(PullMessageRequestHeader header, Exchange exchange) {
        String type = header.expressionType();
        String expression = header.subscription();
        if (SqlRecordFilter.isSql(type)) {
            SqlRecordFilter sql =
                    sqlFilters.get(header.consumerGroup(), header.topic(), expression);
            return new Subscription(header.topic(), expression, header.subVersion(), null, sql);
        }
        if (type != null && !"TAG".equals(type)) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                    "The broker does not support consumer to filter message by " + type);
            return null;
        }
        return new Subscription(
                header.topic(), expression, header.subVersion(), TagFilter.parse(expression), null);
    }

    private Subscription fromHeartbeat(PullMessageRequestHeader header, Exchange exchange) {
        ConsumerGroup group = clients.consumerGroup(header.consumerGroup());
        if (group == null) {
            return refusal(
                    exchange,
                    ResponseCode.SUBSCRIPTION_NOT_EXIST,
                    "the consumer's group info not exist" + Remarks.FAQ);
        }
        // Like the reference, the forbidden table is read where the subscription comes from the
        // group's heartbeat (a push consumer's pulls); a pull carrying its own subscription is
        // not checked against it.
        if (clients.readForbidden(header.consumerGroup(), header.topic())) {
            return refusal(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the consumer group["
                            + header.consumerGroup()
                            + "] is forbidden for topic["
                            + header.topic()
                            + "]");
        }
        Subscription subscription = group.subscription(header.topic());
        if (subscription == null) {
            return refusal(
                    exchange,
                    ResponseCode.SUBSCRIPTION_NOT_EXIST,
                    "the consumer's subscription not exist" + Remarks.FAQ);
        }
        if (subscription.subVersion() < header.subVersion()) {
            return refusal(
                    exchange,
                    ResponseCode.SUBSCRIPTION_NOT_LATEST,
                    "the consumer's subscription not latest");
        }
        return subscription;
    }

    /** Whether SQL filtering is on and the expression compiled; else answers why not. */
    private boolean sqlUsable(SqlRecordFilter sql, Exchange exchange) {
        if (!settings.get().enablePropertyFilter()) {
            return refuse(
                    exchange,
                    ResponseCode.SYSTEM_ERROR,
                    "The broker does not support consumer to filter message by "
                            + SqlRecordFilter.TYPE);
        }
        if (sql.error() != null) {
            return refuse(exchange, ResponseCode.SUBSCRIPTION_PARSE_FAILED, sql.error());
        }
        return true;
    }

    private PullRequest toPull(
            PullMessageRequestHeader header,
            Subscription subscription,
            Exchange exchange,
            int cap) {
        BrokerConfig config = settings.get();
        Integer maxBytes = header.maxMsgBytes();
        int bytes = config.maxTransferBytesOnMessageInMemory();
        if (maxBytes != null && maxBytes > 0) {
            bytes = Math.min(bytes, maxBytes);
        }
        long hold =
                config.longPollingEnable()
                        ? header.suspendTimeoutMillis()
                        : config.shortPollingTimeMills();
        PullRequest pull =
                new PullRequest(
                        header,
                        Math.max(
                                1,
                                Math.min(
                                        Math.min(header.maxMsgNums(), cap),
                                        config.maxTransferCountOnMessageInMemory())),
                        bytes,
                        subscription,
                        exchange,
                        Math.max(0, hold));
        SubscriptionGroupConfig group = clients.settings(header.consumerGroup());
        if (group != null) {
            pull.groupBrokerId = group.brokerId();
            pull.slowBrokerId = group.whichBrokerWhenConsumeSlowly();
        }
        return pull;
    }

    private static Subscription refusal(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return null;
    }

    private static boolean refuse(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return false;
    }
}
