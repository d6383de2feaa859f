package io.bolide.broker.cold;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * UPDATE_COLD_DATA_FLOW_CTR_CONFIG (2001): sets consumer groups' own cold-read thresholds from a
 * properties-text body of {@code group=bytes} lines. All or none: a value that is not a
 * non-negative whole number is refused with the entry named (the reference skips it and answers
 * success). No body changes nothing, as in the reference.
 */
final class UpdateColdDataFlowCtrConfigHandler implements RequestHandler {
    private final ColdReads reads;

    UpdateColdDataFlowCtrConfigHandler(ColdReads reads) {
        this.reads = reads;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() == 0) {
            exchange.respond(ResponseCode.SUCCESS, null);
            return;
        }
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(request.body().toString(StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "string2Properties error");
            return;
        }
        Map<String, Long> thresholds = new LinkedHashMap<>();
        for (String group : properties.stringPropertyNames()) {
            String text = properties.getProperty(group).trim();
            Long threshold = parse(text);
            if (threshold == null) {
                exchange.respond(
                        ResponseCode.SYSTEM_ERROR,
                        "cold read threshold of group " + group + " is not a byte count: " + text);
                return;
            }
            thresholds.put(group.trim(), threshold);
        }
        thresholds.forEach(reads::configure);
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    private static Long parse(String text) {
        try {
            long value = Long.parseLong(text);
            return value < 0 ? null : value;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
