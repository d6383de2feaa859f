package io.bolide.namesrv;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/** GET_NAMESRV_CONFIG (319): every configuration key with its value, as {@code key=value} lines. */
final class GetNamesrvConfigHandler implements RequestHandler {
    private final NameServerSettings settings;

    GetNamesrvConfigHandler(NameServerSettings settings) {
        this.settings = settings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        byte[] text = settings.text().getBytes(StandardCharsets.UTF_8);
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(text));
    }
}
