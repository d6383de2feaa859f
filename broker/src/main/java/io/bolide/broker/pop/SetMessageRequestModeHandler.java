package io.bolide.broker.pop;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SetMessageRequestModeRequestBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.io.IOException;

/**
 * SET_MESSAGE_REQUEST_MODE (401): an operator sets how a group reads a topic ({@code mqadmin
 * setConsumeMode}). Retry topics stay PULL, as the reference refuses them.
 */
final class SetMessageRequestModeHandler implements RequestHandler {
    private final RequestModes modes;

    SetMessageRequestModeHandler(RequestModes modes) {
        this.modes = modes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.body() == null || request.body().readableBytes() == 0) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "set message request mode: no body");
            return;
        }
        SetMessageRequestModeRequestBody body =
                BodyCodec.decode(request.body(), SetMessageRequestModeRequestBody.class);
        if (body.topic() == null || body.consumerGroup() == null || body.mode() == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "set message request mode: incomplete");
            return;
        }
        if (body.topic().startsWith(ReceiptHandle.RETRY_PREFIX)) {
            exchange.respond(ResponseCode.NO_PERMISSION, "retry topic is not allowed to set mode");
            return;
        }
        try {
            modes.set(body);
        } catch (IOException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "cannot save the mode: " + e);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
