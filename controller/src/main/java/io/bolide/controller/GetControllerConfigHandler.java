package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * GET_CONTROLLER_CONFIG (1010): every key of the controller addressed with its value, as {@code
 * key=value} lines. Answered by any member, leader or not: each has its own settings.
 */
final class GetControllerConfigHandler implements RequestHandler {
    private final ControllerSettings settings;

    GetControllerConfigHandler(ControllerSettings settings) {
        this.settings = settings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        byte[] text = settings.text().getBytes(StandardCharsets.UTF_8);
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(text));
    }
}
