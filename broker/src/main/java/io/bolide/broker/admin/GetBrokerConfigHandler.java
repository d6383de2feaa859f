package io.bolide.broker.admin;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetBrokerConfigResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * GET_BROKER_CONFIG (26): every configuration key with its current value as {@code key=value}
 * lines, and the configuration's version (a DataVersion as JSON text) in the header.
 */
final class GetBrokerConfigHandler implements RequestHandler {
    private final LiveSettings settings;

    GetBrokerConfigHandler(LiveSettings settings) {
        this.settings = settings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        DataVersion version = settings.version();
        String versionJson = new String(BodyCodec.encode(version), StandardCharsets.UTF_8);
        byte[] text = settings.text().getBytes(StandardCharsets.UTF_8);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new GetBrokerConfigResponseHeader().version(versionJson),
                Unpooled.wrappedBuffer(text));
    }
}
