package io.bolide.broker.filter;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.CheckClientRequestBody;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.function.Supplier;

/**
 * CHECK_CLIENT_CONFIG (46): before a consumer with a non-TAG subscription starts, it asks whether
 * the broker serves that expression type and whether the expression compiles. The answers follow
 * the reference: SUCCESS for TAG (or nothing to check), SYSTEM_ERROR when SQL92 filtering is off,
 * SUBSCRIPTION_PARSE_FAILED with the compile error; the client refuses to start on anything but
 * SUCCESS and shows the remark.
 */
final class CheckClientConfigHandler implements RequestHandler {
    private final Supplier<BrokerConfig> settings;

    CheckClientConfigHandler(Supplier<BrokerConfig> settings) {
        this.settings = settings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SubscriptionData subscription;
        try {
            subscription =
                    request.bodyLength() == 0
                            ? null
                            : BodyCodec.decode(request.body(), CheckClientRequestBody.class)
                                    .subscriptionData();
        } catch (ProtocolDecodeException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "bad CHECK_CLIENT_CONFIG body");
            return;
        }
        String type = subscription == null ? null : subscription.expressionType();
        if (type == null || "TAG".equals(type)) {
            exchange.respond(ResponseCode.SUCCESS, null);
        } else if (!SqlRecordFilter.isSql(type)) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_PARSE_FAILED, "unsupported expression type " + type);
        } else if (!settings.get().enablePropertyFilter()) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "The broker does not support consumer to filter message by " + type);
        } else {
            String error = SqlRecordFilter.compile(subscription.subString()).error();
            exchange.respond(
                    error == null ? ResponseCode.SUCCESS : ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                    error == null ? null : "invalid SQL92 expression: " + error);
        }
    }
}
