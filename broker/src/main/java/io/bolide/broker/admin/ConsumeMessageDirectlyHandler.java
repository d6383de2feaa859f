package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumeMessageDirectlyRequestHeader;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RemotingTimeoutException;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;

/**
 * CONSUME_MESSAGE_DIRECTLY (309): has one client of a group consume one stored message now (the
 * dashboard's and mqadmin's resend). The broker looks the message up by its offset id, sends the
 * stored record to the named client with its own broker name and the topic's and group's system
 * flags, and relays the client's ConsumeMessageDirectlyResult. A client that does not answer in
 * time is CONSUME_MSG_TIMEOUT, as in the reference.
 */
final class ConsumeMessageDirectlyHandler implements RequestHandler {
    private final ClientRegistry clients;
    private final TopicTable topics;
    private final MessageStore store;
    private final String brokerName;
    private final long timeoutMillis;

    ConsumeMessageDirectlyHandler(
            ClientRegistry clients,
            TopicTable topics,
            MessageStore store,
            String brokerName,
            long timeoutMillis) {
        this.clients = clients;
        this.topics = topics;
        this.store = store;
        this.brokerName = brokerName;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ConsumeMessageDirectlyRequestHeader header =
                ConsumeMessageDirectlyRequestHeader.decode(request.extFields());
        ByteBuf record = record(header.msgId());
        if (record == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR, "can not find message by id " + header.msgId());
            return;
        }
        ClientChannel member = member(header.consumerGroup(), header.clientId());
        if (member == null) {
            record.release();
            exchange.respond(ResponseCode.SYSTEM_ERROR, notOnline(header));
            return;
        }
        member.connection
                .invoke(
                        RequestCode.CONSUME_MESSAGE_DIRECTLY,
                        forward(header),
                        record,
                        timeoutMillis)
                .whenComplete(
                        (response, failure) -> {
                            if (failure == null) {
                                Relay.answer(response, exchange);
                            } else {
                                failed(header, failure, exchange);
                            }
                        });
    }

    private ByteBuf record(String msgId) {
        try {
            return msgId == null ? null : store.getMessage(OffsetMessageId.parse(msgId).offset());
        } catch (ProtocolDecodeException e) {
            return null;
        }
    }

    private ConsumeMessageDirectlyRequestHeader forward(ConsumeMessageDirectlyRequestHeader h) {
        ConsumeMessageDirectlyRequestHeader out =
                new ConsumeMessageDirectlyRequestHeader()
                        .consumerGroup(h.consumerGroup())
                        .clientId(h.clientId())
                        .msgId(h.msgId())
                        .brokerName(brokerName)
                        .topic(h.topic());
        TopicConfig topic = h.topic() == null ? null : topics.get(h.topic());
        if (topic != null) {
            out.topicSysFlag(topic.topicSysFlag());
        }
        SubscriptionGroupConfig group = clients.settings(h.consumerGroup());
        if (group != null) {
            out.groupSysFlag(group.groupSysFlag());
        }
        return out;
    }

    private ClientChannel member(String groupName, String clientId) {
        ConsumerGroup group = clients.consumerGroup(groupName);
        if (group == null || clientId == null) {
            return null;
        }
        for (ClientChannel member : group.members()) {
            if (clientId.equals(member.clientId) && member.connection.isActive()) {
                return member;
            }
        }
        return null;
    }

    private static String notOnline(ConsumeMessageDirectlyRequestHeader h) {
        return "The Consumer <" + h.consumerGroup() + "> <" + h.clientId() + "> not online";
    }

    private static void failed(
            ConsumeMessageDirectlyRequestHeader h, Throwable failure, Exchange exchange) {
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        String who = "consumer <" + h.consumerGroup() + "> <" + h.clientId() + ">";
        if (cause instanceof RemotingTimeoutException) {
            exchange.respond(
                    ResponseCode.CONSUME_MSG_TIMEOUT, who + " Timeout: " + cause.getMessage());
        } else {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "invoke " + who + " Exception: " + cause);
        }
    }
}
