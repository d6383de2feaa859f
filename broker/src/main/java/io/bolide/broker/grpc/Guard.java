package io.bolide.broker.grpc;

import io.bolide.broker.auth.CallCheck;
import io.bolide.broker.auth.CallNeeds;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.ChangeInvisibleDurationRequest;
import io.bolide.grpc.v2.ClientType;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.EndTransactionRequest;
import io.bolide.grpc.v2.ForwardMessageToDeadLetterQueueRequest;
import io.bolide.grpc.v2.GetOffsetRequest;
import io.bolide.grpc.v2.HeartbeatRequest;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.NotifyClientTerminationRequest;
import io.bolide.grpc.v2.PullMessageRequest;
import io.bolide.grpc.v2.QueryAssignmentRequest;
import io.bolide.grpc.v2.QueryOffsetRequest;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.RecallMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.Resource;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.Settings;
import io.bolide.grpc.v2.SubscriptionEntry;
import io.bolide.grpc.v2.TelemetryCommand;
import io.bolide.grpc.v2.UpdateOffsetRequest;
import java.net.InetSocketAddress;

/**
 * ACL 2.0 on every gRPC call, before anything else of it runs: the SDK's signature ({@link
 * Credentials}) against the broker's users, then the call's resources against the caller's ACL,
 * with the resources and actions the reference proxy asks of each RPC (docs/security.md). A refusal
 * is UNAUTHORIZED, as the reference proxy answers both kinds, with the reference's reason.
 */
final class Guard {
    /** Checks nothing: neither authentication nor authorization is on. */
    static final Guard OPEN = new Guard(null);

    private final CallCheck check;

    Guard(CallCheck check) {
        this.check = check;
    }

    /** Throws when the current call may not make {@code request}. */
    void check(Object request) throws BadRequest {
        if (check == null) {
            return;
        }
        CallNeeds needs = new CallNeeds();
        if (!needs(request, needs)) {
            throw new BadRequest(
                    Code.UNAUTHORIZED, "settings command doesn't have publishing or subscription.");
        }
        InetSocketAddress peer = Peer.current();
        String refusal =
                check.refusal(
                        Credentials.authorization(),
                        Credentials.dateTime(),
                        needs,
                        peer.getAddress(),
                        peer.getAddress().getHostAddress());
        if (refusal != null) {
            throw new BadRequest(Code.UNAUTHORIZED, refusal);
        }
    }

    /** Adds what {@code request} needs; false for a request the reference refuses outright. */
    static boolean needs(Object request, CallNeeds needs) {
        if (request instanceof SendMessageRequest send) {
            for (Message message : send.getMessagesList()) {
                needs.pub(message.getTopic().getName());
            }
        } else if (request instanceof EndTransactionRequest end) {
            needs.pub(end.getTopic().getName());
        } else if (pulling(request, needs)) {
            return true;
        } else if (request instanceof RecallMessageRequest recall) {
            needs.pub(recall.getTopic().getName());
        } else if (request instanceof QueryRouteRequest route) {
            needs.pubOrSub(route.getTopic().getName());
        } else if (request instanceof HeartbeatRequest heartbeat) {
            if (consumer(heartbeat.getClientType())) {
                needs.subGroup(heartbeat.getGroup().getName());
            }
        } else if (request instanceof ReceiveMessageRequest receive) {
            sub(needs, receive.getGroup(), receive.getMessageQueue().getTopic());
        } else if (request instanceof AckMessageRequest ack) {
            sub(needs, ack.getGroup(), ack.getTopic());
        } else if (request instanceof ForwardMessageToDeadLetterQueueRequest forward) {
            sub(needs, forward.getGroup(), forward.getTopic());
        } else if (request instanceof QueryAssignmentRequest assignment) {
            sub(needs, assignment.getGroup(), assignment.getTopic());
        } else if (request instanceof ChangeInvisibleDurationRequest change) {
            needs.subGroup(change.getGroup().getName());
        } else if (request instanceof NotifyClientTerminationRequest end) {
            if (!end.getGroup().getName().isBlank()) {
                needs.subGroup(end.getGroup().getName());
            }
        } else if (request instanceof TelemetryCommand command && command.hasSettings()) {
            return settings(command.getSettings(), needs);
        }
        return true;
    }

    /** A pull consumer's calls: whether {@code request} is one (its needs then added). */
    private static boolean pulling(Object request, CallNeeds needs) {
        if (request instanceof PullMessageRequest pull) {
            sub(needs, pull.getGroup(), pull.getMessageQueue().getTopic());
        } else if (request instanceof GetOffsetRequest get) {
            sub(needs, get.getGroup(), get.getMessageQueue().getTopic());
        } else if (request instanceof UpdateOffsetRequest update) {
            sub(needs, update.getGroup(), update.getMessageQueue().getTopic());
        } else if (request instanceof QueryOffsetRequest query) {
            needs.pubOrSub(query.getMessageQueue().getTopic().getName());
        } else {
            return false;
        }
        return true;
    }

    private static boolean settings(Settings settings, CallNeeds needs) {
        if (!settings.hasPublishing() && !settings.hasSubscription()) {
            return false;
        }
        for (Resource topic : settings.getPublishing().getTopicsList()) {
            needs.pub(topic.getName());
        }
        if (settings.hasSubscription()) {
            needs.subGroup(settings.getSubscription().getGroup().getName());
            for (SubscriptionEntry entry : settings.getSubscription().getSubscriptionsList()) {
                needs.sub(entry.getTopic().getName());
            }
        }
        return true;
    }

    private static void sub(CallNeeds needs, Resource group, Resource topic) {
        needs.subGroup(group.getName());
        needs.sub(topic.getName());
    }

    private static boolean consumer(ClientType type) {
        return type == ClientType.PUSH_CONSUMER
                || type == ClientType.SIMPLE_CONSUMER
                || type == ClientType.PULL_CONSUMER
                || type == ClientType.LITE_PUSH_CONSUMER
                || type == ClientType.LITE_SIMPLE_CONSUMER;
    }
}
