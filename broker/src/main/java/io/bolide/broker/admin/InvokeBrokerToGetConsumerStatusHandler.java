package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.GetConsumerStatusBody;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetConsumerStatusRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * INVOKE_BROKER_TO_GET_CONSUMER_STATUS (223): asks each online member of a group (or only the one
 * whose client id is named) for its offsets on a topic with GET_CONSUMER_STATUS_FROM_CLIENT (221),
 * all at once, and answers with every client's table once all have answered or timed out. A member
 * that fails is left out, as in the reference.
 */
final class InvokeBrokerToGetConsumerStatusHandler implements RequestHandler {
    private static final Logger LOG =
            LoggerFactory.getLogger(InvokeBrokerToGetConsumerStatusHandler.class);

    private final ClientRegistry clients;
    private final long timeoutMillis;

    InvokeBrokerToGetConsumerStatusHandler(ClientRegistry clients, long timeoutMillis) {
        this.clients = clients;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetConsumerStatusRequestHeader header =
                GetConsumerStatusRequestHeader.decode(request.extFields());
        List<ClientChannel> members = members(header.group(), header.clientAddr());
        if (members.isEmpty()) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "No Any Consumer online in the consumer group: [" + header.group() + "]");
            return;
        }
        GetConsumerStatusRequestHeader ask =
                new GetConsumerStatusRequestHeader().topic(header.topic()).group(header.group());
        Map<String, Map<MessageQueue, Long>> table = new ConcurrentHashMap<>();
        CompletableFuture<?>[] calls = new CompletableFuture<?>[members.size()];
        for (int i = 0; i < calls.length; i++) {
            ClientChannel member = members.get(i);
            calls[i] =
                    member.connection
                            .invoke(
                                    RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
                                    ask,
                                    null,
                                    timeoutMillis)
                            .handle(
                                    (response, failure) ->
                                            collect(member, response, failure, table));
        }
        CompletableFuture.allOf(calls)
                .whenComplete(
                        (done, failure) ->
                                exchange.respond(
                                        ResponseCode.SUCCESS,
                                        null,
                                        null,
                                        Bodies.json(new GetConsumerStatusBody(null, table))));
    }

    private static Void collect(
            ClientChannel member,
            RemotingCommand response,
            Throwable failure,
            Map<String, Map<MessageQueue, Long>> table) {
        if (failure != null) {
            LOG.info("consumer status of {} not received: {}", member.clientId, failure.toString());
            return null;
        }
        try {
            if (response.code() == ResponseCode.SUCCESS && response.bodyLength() > 0) {
                GetConsumerStatusBody body =
                        BodyCodec.decode(response.body(), GetConsumerStatusBody.class);
                table.put(member.clientId, body.messageQueueTable());
            }
        } catch (ProtocolDecodeException e) {
            LOG.info("bad consumer status from {}: {}", member.clientId, e.getMessage());
        } finally {
            response.release();
        }
        return null;
    }

    private List<ClientChannel> members(String groupName, String clientId) {
        List<ClientChannel> members = new ArrayList<>();
        ConsumerGroup group = clients.consumerGroup(groupName);
        if (group == null) {
            return members;
        }
        for (ClientChannel member : group.members()) {
            boolean named =
                    clientId == null || clientId.isBlank() || clientId.equals(member.clientId);
            if (named && member.connection.isActive()) {
                members.add(member);
            }
        }
        return members;
    }
}
