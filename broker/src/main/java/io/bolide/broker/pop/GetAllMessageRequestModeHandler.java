package io.bolide.broker.pop;

import io.bolide.broker.table.Bodies;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** GET_ALL_MESSAGE_REQUEST_MODE (402): every mode set, by topic and group. */
final class GetAllMessageRequestModeHandler implements RequestHandler {
    private final RequestModes modes;

    GetAllMessageRequestModeHandler(RequestModes modes) {
        this.modes = modes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(modes.snapshot()));
    }
}
