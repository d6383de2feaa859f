package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteQuotaExceeded;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.LiteSubscriptionChange;
import io.bolide.protocol.body.LiteSubscriptionCtlRequestBody;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * LITE_SUBSCRIPTION_CTL (200071): a proxy passes on its lite consumers' subscription changes, in
 * the body's order. As in the reference, a change without client, group or parent topic is skipped,
 * the parent topic is not looked up (a subscription may come before the topic), an add needs a
 * group that may consume, and a quota that would be passed ({@link LiteSubscriptions}) stops the
 * request with LITE_SUBSCRIPTION_QUOTA_EXCEEDED (2018), the changes before it kept. A lite topic
 * name must be one a send may carry ({@link LiteNames#problem}): the reference takes any string,
 * Bolide refuses what could never be stored.
 */
final class LiteSubscriptionCtlHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(LiteSubscriptionCtlHandler.class);

    private final LiteSubscriptions subscriptions;
    private final SubscriptionGroupTable groups;
    private final LiteNotices notices;

    LiteSubscriptionCtlHandler(
            LiteSubscriptions subscriptions, SubscriptionGroupTable groups, LiteNotices notices) {
        this.subscriptions = subscriptions;
        this.groups = groups;
        this.notices = notices;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        if (request.bodyLength() == 0) {
            exchange.respond(ResponseCode.ILLEGAL_OPERATION, "Request body is null.");
            return;
        }
        LiteSubscriptionCtlRequestBody body;
        try {
            body = BodyCodec.decode(request.body(), LiteSubscriptionCtlRequestBody.class);
        } catch (ProtocolDecodeException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, e.getMessage());
            return;
        }
        if (body.subscriptionSet().isEmpty()) {
            exchange.respond(
                    ResponseCode.ILLEGAL_OPERATION, "LiteSubscriptionCtlRequestBody is empty.");
            return;
        }
        for (LiteSubscriptionChange change : body.subscriptionSet()) {
            if (blank(change.clientId()) || blank(change.group()) || blank(change.topic())) {
                LOG.debug("lite subscription change skipped: {}", change);
                continue;
            }
            if (!apply(change, exchange)) {
                return;
            }
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    /** Applies one change; false after answering why it could not be. */
    private boolean apply(LiteSubscriptionChange change, Exchange exchange) {
        if (change.action() == null) {
            return refuse(exchange, ResponseCode.ILLEGAL_OPERATION, "unknown action");
        }
        LiteSubscriptions.Action action = LiteSubscriptions.Action.valueOf(change.action().name());
        boolean adds =
                action == LiteSubscriptions.Action.PARTIAL_ADD
                        || action == LiteSubscriptions.Action.COMPLETE_ADD;
        if (adds && !mayConsume(change.group())) {
            return refuse(
                    exchange,
                    ResponseCode.ILLEGAL_OPERATION,
                    "Consumer group is not allowed to consume.");
        }
        for (String lite : change.liteTopicSet()) {
            String problem = LiteNames.problem(lite);
            if (problem != null) {
                return refuse(exchange, ResponseCode.INVALID_PARAMETER, problem);
            }
        }
        notices.seen(change.clientId(), exchange.connection());
        try {
            subscriptions.sync(
                    action,
                    change.topic(),
                    change.group(),
                    change.clientId(),
                    change.liteTopicSet(),
                    change.offsetOption());
        } catch (LiteQuotaExceeded e) {
            return refuse(exchange, ResponseCode.LITE_SUBSCRIPTION_QUOTA_EXCEEDED, e.getMessage());
        }
        return true;
    }

    private static boolean refuse(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return false;
    }

    private boolean mayConsume(String group) {
        SubscriptionGroupConfig config = groups.find(group);
        return config != null && config.consumeEnable();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
