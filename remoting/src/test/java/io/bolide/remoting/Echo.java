package io.bolide.remoting;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Test handlers: echo the request's ext fields and body back with SUCCESS. */
final class Echo {
    static final int CODE = 100;

    private Echo() {}

    static final RequestHandler HANDLER =
            (request, exchange) ->
                    exchange.respond(
                            0, null, headerOf(request.extFieldMap()), request.body().retain());

    static CommandHeader headerOf(Map<String, String> fields) {
        return (out, writer) ->
                fields.forEach(
                        (k, v) -> writer.putString(out, k.getBytes(StandardCharsets.UTF_8), v));
    }

    static String text(RemotingCommand command) {
        return command.body().toString(StandardCharsets.UTF_8);
    }
}
