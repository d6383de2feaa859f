package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AddWritePermOfBrokerResponseHeader;
import io.bolide.protocol.header.BrokerNameRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** ADD_WRITE_PERM_OF_BROKER (327): undoes WIPE_WRITE_PERM_OF_BROKER for a broker name. */
final class AddWritePermHandler implements RequestHandler {
    private final RouteTable routes;

    AddWritePermHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String brokerName = BrokerNameRequestHeader.decode(request.extFields()).brokerName();
        int count = routes.catalog().setWritable(brokerName, true);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new AddWritePermOfBrokerResponseHeader().addTopicCount(count),
                null);
    }
}
