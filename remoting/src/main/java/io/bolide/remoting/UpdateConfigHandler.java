package io.bolide.remoting;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * UPDATE_BROKER_CONFIG (25) and UPDATE_NAMESRV_CONFIG (318): change configuration keys from a
 * properties-text body, all or none. The process decides which keys may change while it runs; a
 * refused key is answered NO_PERMISSION (the reference's code for keys it will not change) with the
 * refusal as the remark.
 */
public final class UpdateConfigHandler implements RequestHandler {
    private final Function<Map<String, String>, String> update;

    /**
     * @param update applies all of the trimmed updates or none, returning null on success or a
     *     remark naming the refused key
     */
    public UpdateConfigHandler(Function<Map<String, String>, String> update) {
        this.update = update;
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
        String refusal = update.apply(updates);
        if (refusal != null) {
            exchange.respond(ResponseCode.NO_PERMISSION, refusal);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
