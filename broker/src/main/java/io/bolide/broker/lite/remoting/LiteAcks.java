package io.bolide.broker.lite.remoting;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.pop.PopEngine;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AckMessageRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/**
 * ACK_LITE_MESSAGE (200072): the consumer processed a message of a lite topic; the next one of that
 * lite topic may be handed out. The header names the parent topic and the lite topic; the receipt
 * handle (extraInfo) must be a lite pop's (revive queue {@value #REVIVE_QID}). An acknowledgement
 * of an earlier delivery changes nothing and is answered SUCCESS, as ACK_MESSAGE is.
 */
final class LiteAcks implements RequestHandler {
    /** The revive queue id a lite pop's receipt handle names (the reference's). */
    static final int REVIVE_QID = 999;

    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final MessageStore store;
    private final PopEngine pops;

    LiteAcks(TopicTable topics, SubscriptionGroupTable groups, MessageStore store, PopEngine pops) {
        this.topics = topics;
        this.groups = groups;
        this.store = store;
        this.pops = pops;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        AckMessageRequestHeader h = AckMessageRequestHeader.decode(request.extFields());
        if (refused(h, exchange)) {
            return;
        }
        String queue = LiteNames.queueName(h.topic(), h.liteTopic());
        if (h.offset() < 0 || h.offset() >= store.maxOffset(queue, 0)) {
            exchange.respond(ResponseCode.NO_MESSAGE, "ack offset illegal.");
            return;
        }
        if (!isLitePop(h.extraInfo())) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, "ack queue illegal.");
            return;
        }
        try {
            pops.ack(h.consumerGroup(), queue, h.extraInfo());
        } catch (IllegalArgumentException e) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, e.getMessage());
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    /** Whether the topic, queue or group of the ack is refused; then it is answered. */
    private boolean refused(AckMessageRequestHeader h, Exchange exchange) {
        TopicConfig topic = topics.get(h.topic());
        if (topic == null) {
            exchange.respond(
                    ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + h.topic() + "] not exist, apply first please!" + Remarks.FAQ);
            return true;
        }
        if (h.queueId() < 0 || h.queueId() >= topic.readQueueNums()) {
            exchange.respond(
                    ResponseCode.MESSAGE_ILLEGAL,
                    "queueId["
                            + h.queueId()
                            + "] is illegal, topic:["
                            + h.topic()
                            + "] topicConfig.readQueueNums:["
                            + topic.readQueueNums()
                            + "] consumer:["
                            + exchange.connection().remoteAddress()
                            + "]");
            return true;
        }
        SubscriptionGroupConfig group = groups.find(h.consumerGroup());
        String lite = h.liteTopic();
        if (lite == null
                || lite.isBlank()
                || group == null
                || !h.topic().equals(LiteGroups.bindTopic(group))) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, "group type or bind topic not match.");
            return true;
        }
        return false;
    }

    /** Whether a receipt handle names the lite pops' revive queue (its fourth field). */
    private static boolean isLitePop(String extraInfo) {
        String[] parts = extraInfo.split(" ");
        return parts.length > 3 && Integer.toString(REVIVE_QID).equals(parts[3]);
    }
}
