package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteQuotaExceeded;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.LiteSubscriptionAction;
import io.bolide.grpc.v2.SyncLiteSubscriptionRequest;
import io.bolide.grpc.v2.SyncLiteSubscriptionResponse;
import io.bolide.protocol.body.OffsetOption;
import io.bolide.protocol.body.TopicConfig;

/**
 * SyncLiteSubscription: a lite push consumer adds or removes lite topics of its parent topic, or
 * sends its whole set (every 30 s). The parent topic must exist ({@code TOPIC_NOT_FOUND}) and take
 * LITE messages; each added name is checked as the reference proxy checks it ({@code
 * ILLEGAL_LITE_TOPIC}); a quota that would be passed answers {@code
 * LITE_SUBSCRIPTION_QUOTA_EXCEEDED} and changes nothing. A PARTIAL_ADD's {@code offset_option}
 * moves the group's offsets on its lite topics as the reference's broker does.
 */
final class LiteSyncs {
    private final Routes routes;
    private final LiteSubscriptions subscriptions;

    LiteSyncs(Routes routes, LiteSubscriptions subscriptions) {
        this.routes = routes;
        this.subscriptions = subscriptions;
    }

    SyncLiteSubscriptionResponse sync(SyncLiteSubscriptionRequest request) throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        TopicConfig parent = routes.topic(request.getTopic().getName());
        if (!Routes.accepted(parent).contains(io.bolide.grpc.v2.MessageType.LITE)) {
            throw new BadRequest(
                    Code.ILLEGAL_TOPIC,
                    "topic " + parent.topicName() + " is not a LITE topic (message.type=LITE)");
        }
        LiteSubscriptions.Action action = action(request.getAction());
        boolean adds =
                action == LiteSubscriptions.Action.PARTIAL_ADD
                        || action == LiteSubscriptions.Action.COMPLETE_ADD;
        if (adds) {
            for (String lite : request.getLiteTopicSetList()) {
                String problem = LiteNames.problem(lite);
                if (problem != null) {
                    throw new BadRequest(Code.ILLEGAL_LITE_TOPIC, problem);
                }
            }
        }
        String client = Peer.clientId();
        if (client.isEmpty()) {
            throw new BadRequest(Code.CLIENT_ID_REQUIRED, "the call names no client id");
        }
        try {
            subscriptions.sync(
                    action,
                    parent.topicName(),
                    group,
                    client,
                    request.getLiteTopicSetList(),
                    request.hasOffsetOption() ? offsetOption(request.getOffsetOption()) : null);
        } catch (LiteQuotaExceeded e) {
            throw new BadRequest(Code.LITE_SUBSCRIPTION_QUOTA_EXCEEDED, e.getMessage());
        }
        return SyncLiteSubscriptionResponse.newBuilder().setStatus(Statuses.OK).build();
    }

    /** The option as the reference's proxy passes it on to its broker. */
    private static OffsetOption offsetOption(io.bolide.grpc.v2.OffsetOption option) {
        return switch (option.getOffsetTypeCase()) {
            case POLICY -> new OffsetOption(OffsetOption.Type.POLICY, option.getPolicyValue());
            case OFFSET -> new OffsetOption(OffsetOption.Type.OFFSET, option.getOffset());
            case TAIL_N -> new OffsetOption(OffsetOption.Type.TAIL_N, option.getTailN());
            case TIMESTAMP -> new OffsetOption(OffsetOption.Type.TIMESTAMP, option.getTimestamp());
            default -> null;
        };
    }

    private static LiteSubscriptions.Action action(LiteSubscriptionAction action)
            throws BadRequest {
        return switch (action) {
            case PARTIAL_ADD -> LiteSubscriptions.Action.PARTIAL_ADD;
            case PARTIAL_REMOVE -> LiteSubscriptions.Action.PARTIAL_REMOVE;
            case COMPLETE_ADD -> LiteSubscriptions.Action.COMPLETE_ADD;
            case COMPLETE_REMOVE -> LiteSubscriptions.Action.COMPLETE_REMOVE;
            default -> throw new BadRequest(Code.BAD_REQUEST, "unknown lite subscription action");
        };
    }
}
