package io.bolide.broker.pop;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.filter.SqlFilterCache;
import io.bolide.broker.filter.SqlRecordFilter;
import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PopMessageRequestHeader;
import io.bolide.protocol.header.PopMessageResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POP_MESSAGE (200050): checks the request in the reference broker's order, takes messages through
 * the {@link Popper} and answers them with the receipt-handle fields in the response header; when
 * nothing is there and the client allows polling, holds the pop in {@link PopHold}.
 */
final class PopMessageHandler implements RequestHandler, PopHold.Rerun {
    /** The reference broker's cap on messages per pop. */
    static final int MAX_MSG_NUMS = 32;

    private static final Logger LOG = LoggerFactory.getLogger(PopMessageHandler.class);

    private final Supplier<BrokerConfig> settings;
    private final TopicTable topics;
    private final ClientRegistry clients;
    private final Popper popper;
    private final PopHold hold;
    private final SqlFilterCache sqlFilters = new SqlFilterCache();

    PopMessageHandler(
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            ClientRegistry clients,
            Popper popper,
            PopHold hold) {
        this.settings = settings;
        this.topics = topics;
        this.clients = clients;
        this.popper = popper;
        this.hold = hold;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        PopMessageRequestHeader header = PopMessageRequestHeader.decode(request.extFields());
        if (LOG.isDebugEnabled()) {
            LOG.debug("pop request {}", header);
        }
        if (!readable(header, exchange)
                || !PollChecks.groupMayConsume(clients, header.consumerGroup(), exchange)
                || !PollChecks.readAllowed(
                        clients, header.consumerGroup(), header.topic(), exchange)) {
            return;
        }
        PopRequest pop = toPop(header, exchange);
        if (pop != null) {
            pop(pop, header.pollTime() > 0);
        }
    }

    @Override
    public void pop(PopRequest request, boolean mayHold) {
        PopBatch batch = popper.pop(request);
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "pop {} {} queue {}: {} messages, may hold {}",
                    request.group,
                    request.topic,
                    request.queueId,
                    batch.count(),
                    mayHold);
        }
        if (batch.count() == 0) {
            if (mayHold && request.pollMillis > 0 && hold.hold(request)) {
                return;
            }
            request.exchange.respond(
                    ResponseCode.PULL_NOT_FOUND, "no new message", header(batch, request), null);
            return;
        }
        PopMessageResponseHeader header =
                header(batch, request)
                        .startOffsetInfo(batch.info.startOffsetInfo())
                        .msgOffsetInfo(batch.info.msgOffsetInfo())
                        .orderCountInfo(batch.info.orderCountInfo());
        request.exchange.respond(ResponseCode.SUCCESS, "FOUND", header, batch.body());
    }

    @Override
    public boolean hasNews(PopRequest request) {
        return popper.hasNews(request);
    }

    Popper popper() {
        return popper;
    }

    PopHold hold() {
        return hold;
    }

    private static PopMessageResponseHeader header(PopBatch batch, PopRequest request) {
        return new PopMessageResponseHeader()
                .popTime(batch.popTime)
                .invisibleTime(request.invisibleTime)
                .reviveQid(request.order ? ReceiptHandle.ORDER_REVIVE_QID : 0)
                .restNum(batch.restNum);
    }

    private boolean readable(PopMessageRequestHeader header, Exchange exchange) {
        String topic = header.topic();
        if (!Perm.readable(settings.get().brokerPermission())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the broker[" + settings.get().brokerName() + "] popping message is forbidden");
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
                    "the topic[" + topic + "] popping message is forbidden");
        }
        if (header.queueId() >= config.readQueueNums()) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "queueId[" + header.queueId() + "] is illegal, topic:[" + topic + "]");
        }
        return true;
    }

    /** The pop to serve, or null after answering a filter it cannot use. */
    private PopRequest toPop(PopMessageRequestHeader header, Exchange exchange) {
        String type = header.expType();
        String expression = header.exp() == null ? "*" : header.exp();
        TagFilter tags = null;
        SqlRecordFilter sql = null;
        if (SqlRecordFilter.isSql(type)) {
            sql = sqlFilters.get(header.consumerGroup(), header.topic(), expression);
            if (!settings.get().enablePropertyFilter() || sql.error() != null) {
                String why = sql.error() != null ? sql.error() : "SQL92 filtering is off";
                refuse(exchange, ResponseCode.SUBSCRIPTION_PARSE_FAILED, why);
                return null;
            }
        } else {
            tags = TagFilter.parse(expression);
        }
        int max = Math.max(1, Math.min(MAX_MSG_NUMS, header.maxMsgNums()));
        return new PopRequest(
                new PopRequest.Target(header.consumerGroup(), header.topic(), header.queueId()),
                max,
                Math.max(0, header.invisibleTime()),
                header.initMode(),
                Boolean.TRUE.equals(header.order()),
                new Subscription(header.topic(), expression, 0, tags, sql),
                exchange,
                Math.max(0, header.pollTime()));
    }

    private static boolean refuse(Exchange exchange, int code, String remark) {
        LOG.debug("pop refused: {} {}", code, remark);
        exchange.respond(code, remark);
        return false;
    }
}
