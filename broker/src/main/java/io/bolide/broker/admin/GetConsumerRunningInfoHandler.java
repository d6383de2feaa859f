package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetConsumerRunningInfoRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * GET_CONSUMER_RUNNING_INFO (307): asks the named client of a group for its running info on its own
 * connection and relays the answer (code, remark and ConsumerRunningInfo body) unchanged. The
 * handler returns at once; the answer goes out when the client's arrives or the call times out.
 */
final class GetConsumerRunningInfoHandler implements RequestHandler {
    private final ClientRegistry clients;
    private final long timeoutMillis;

    GetConsumerRunningInfoHandler(ClientRegistry clients, long timeoutMillis) {
        this.clients = clients;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        GetConsumerRunningInfoRequestHeader header =
                GetConsumerRunningInfoRequestHeader.decode(request.extFields());
        ClientChannel member = find(header.consumerGroup(), header.clientId());
        if (member == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "The Consumer <"
                            + header.consumerGroup()
                            + "> <"
                            + header.clientId()
                            + "> not online");
            return;
        }
        member.connection
                .invoke(RequestCode.GET_CONSUMER_RUNNING_INFO, header, null, timeoutMillis)
                .whenComplete(
                        (response, failure) -> {
                            if (failure != null) {
                                exchange.respond(
                                        ResponseCode.SYSTEM_ERROR,
                                        "invoke consumer "
                                                + header.clientId()
                                                + " failed: "
                                                + failure.getMessage());
                                return;
                            }
                            Relay.answer(response, exchange);
                        });
    }

    private ClientChannel find(String groupName, String clientId) {
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
}
