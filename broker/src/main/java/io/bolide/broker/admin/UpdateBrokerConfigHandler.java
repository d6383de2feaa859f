package io.bolide.broker.admin;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * UPDATE_BROKER_CONFIG (25): changes configuration keys from a properties-text body, all or none.
 * Only keys read live are accepted; any other is refused with NO_PERMISSION (the reference's code
 * for keys it will not change) and a remark naming it. Applied changes are kept across restarts
 * (see the assembly's settings), without rewriting the operator's broker.conf.
 */
final class UpdateBrokerConfigHandler implements RequestHandler {
    private final LiveSettings settings;

    UpdateBrokerConfigHandler(LiveSettings settings) {
        this.settings = settings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() == 0) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "no properties in body");
            return;
        }
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(request.body().toString(StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "bad properties text: " + e.getMessage());
            return;
        }
        Map<String, String> updates = new HashMap<>();
        for (String name : properties.stringPropertyNames()) {
            updates.put(name, properties.getProperty(name).trim());
        }
        String refusal = settings.update(updates);
        if (refusal != null) {
            exchange.respond(ResponseCode.NO_PERMISSION, refusal);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
