package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.BrokerNameRequestHeader;
import io.bolide.protocol.header.WipeWritePermOfBrokerResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * WIPE_WRITE_PERM_OF_BROKER (205): admin stops producers sending to a broker name (before taking it
 * down) by clearing the write bit of its queues in every route.
 */
final class WipeWritePermHandler implements RequestHandler {
    private final RouteTable routes;

    WipeWritePermHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String brokerName = BrokerNameRequestHeader.decode(request.extFields()).brokerName();
        int count = routes.catalog().setWritable(brokerName, false);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new WipeWritePermOfBrokerResponseHeader().wipeTopicCount(count),
                null);
    }
}
