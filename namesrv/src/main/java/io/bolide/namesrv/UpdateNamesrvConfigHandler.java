package io.bolide.namesrv;

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
 * UPDATE_NAMESRV_CONFIG (318): changes configuration keys from a properties-text body, all or none.
 * A key that cannot change while the name server runs is refused with NO_PERMISSION, the
 * reference's code for the keys it will not change, and a remark naming it.
 */
final class UpdateNamesrvConfigHandler implements RequestHandler {
    private final NameServerSettings settings;

    UpdateNamesrvConfigHandler(NameServerSettings settings) {
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
