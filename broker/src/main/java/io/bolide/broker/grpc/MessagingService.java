package io.bolide.broker.grpc;

import static io.bolide.grpc.v2.MessagingServiceMethods.ACK_MESSAGE;
import static io.bolide.grpc.v2.MessagingServiceMethods.CHANGE_INVISIBLE_DURATION;
import static io.bolide.grpc.v2.MessagingServiceMethods.END_TRANSACTION;
import static io.bolide.grpc.v2.MessagingServiceMethods.FORWARD_MESSAGE_TO_DEAD_LETTER_QUEUE;
import static io.bolide.grpc.v2.MessagingServiceMethods.GET_OFFSET;
import static io.bolide.grpc.v2.MessagingServiceMethods.HEARTBEAT;
import static io.bolide.grpc.v2.MessagingServiceMethods.NOTIFY_CLIENT_TERMINATION;
import static io.bolide.grpc.v2.MessagingServiceMethods.PULL_MESSAGE;
import static io.bolide.grpc.v2.MessagingServiceMethods.QUERY_ASSIGNMENT;
import static io.bolide.grpc.v2.MessagingServiceMethods.QUERY_OFFSET;
import static io.bolide.grpc.v2.MessagingServiceMethods.QUERY_ROUTE;
import static io.bolide.grpc.v2.MessagingServiceMethods.RECALL_MESSAGE;
import static io.bolide.grpc.v2.MessagingServiceMethods.RECEIVE_MESSAGE;
import static io.bolide.grpc.v2.MessagingServiceMethods.SEND_MESSAGE;
import static io.bolide.grpc.v2.MessagingServiceMethods.SYNC_LITE_SUBSCRIPTION;
import static io.bolide.grpc.v2.MessagingServiceMethods.TELEMETRY;
import static io.bolide.grpc.v2.MessagingServiceMethods.UPDATE_OFFSET;

import io.bolide.grpc.v2.AckMessageResponse;
import io.bolide.grpc.v2.ChangeInvisibleDurationResponse;
import io.bolide.grpc.v2.EndTransactionResponse;
import io.bolide.grpc.v2.ForwardMessageToDeadLetterQueueResponse;
import io.bolide.grpc.v2.GetOffsetResponse;
import io.bolide.grpc.v2.HeartbeatResponse;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.NotifyClientTerminationResponse;
import io.bolide.grpc.v2.PullMessageResponse;
import io.bolide.grpc.v2.QueryAssignmentResponse;
import io.bolide.grpc.v2.QueryOffsetResponse;
import io.bolide.grpc.v2.QueryRouteResponse;
import io.bolide.grpc.v2.RecallMessageResponse;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.Status;
import io.bolide.grpc.v2.SyncLiteSubscriptionResponse;
import io.bolide.grpc.v2.UpdateOffsetResponse;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServerServiceDefinition.Builder;
import io.grpc.stub.ServerCalls;
import java.util.function.Function;

/**
 * The service definition: every RPC of {@code apache.rocketmq.v2.MessagingService} bound, the each
 * to its adapter.
 */
final class MessagingService {
    private MessagingService() {}

    static ServerServiceDefinition bind(
            Routes routes,
            Sender sender,
            Consuming consuming,
            Telemetry telemetry,
            Ends ends,
            Pulling pulling,
            Guard guard) {
        Builder b = ServerServiceDefinition.builder(MessagingServiceMethods.service());
        unary(
                guard,
                b,
                QUERY_ROUTE,
                routes::route,
                s -> QueryRouteResponse.newBuilder().setStatus(s).build());
        unary(
                guard,
                b,
                HEARTBEAT,
                r -> HeartbeatResponse.newBuilder().setStatus(Statuses.OK).build(),
                s -> HeartbeatResponse.newBuilder().setStatus(s).build());
        streamed(
                guard,
                b,
                SEND_MESSAGE,
                sender::send,
                s -> SendMessageResponse.newBuilder().setStatus(s).build());
        unary(
                guard,
                b,
                QUERY_ASSIGNMENT,
                routes::assignment,
                s -> QueryAssignmentResponse.newBuilder().setStatus(s).build());
        consumption(guard, b, consuming);
        b.addMethod(TELEMETRY, ServerCalls.asyncBidiStreamingCall(telemetry::open));
        ends(guard, b, ends);
        unary(
                guard,
                b,
                NOTIFY_CLIENT_TERMINATION,
                r -> NotifyClientTerminationResponse.newBuilder().setStatus(Statuses.OK).build(),
                s -> NotifyClientTerminationResponse.newBuilder().setStatus(s).build());
        offsets(guard, b, pulling);
        return b.build();
    }

    /** Where a message's life ends other than by an ack: a transaction's end, the DLQ, a recall. */
    record Ends(Transactions transactions, DeadLetters deadLetters, Recalls recalls) {}

    private static void ends(Guard guard, Builder b, Ends ends) {
        streamed(
                guard,
                b,
                RECALL_MESSAGE,
                ends.recalls()::recall,
                s -> RecallMessageResponse.newBuilder().setStatus(s).build());
        streamed(
                guard,
                b,
                END_TRANSACTION,
                ends.transactions()::end,
                s -> EndTransactionResponse.newBuilder().setStatus(s).build());
        streamed(
                guard,
                b,
                FORWARD_MESSAGE_TO_DEAD_LETTER_QUEUE,
                ends.deadLetters()::forward,
                s -> ForwardMessageToDeadLetterQueueResponse.newBuilder().setStatus(s).build());
    }

    /** What consumers call: receives, acks, re-timing, and a lite consumer's subscription. */
    record Consuming(Receiver receiver, Acks acks, LiteSyncs liteSyncs) {}

    /** Receive, acknowledge, re-time: POP over gRPC; lite subscriptions. */
    private static void consumption(Guard guard, Builder b, Consuming consuming) {
        Receiver receiver = consuming.receiver();
        Acks acks = consuming.acks();
        unary(
                guard,
                b,
                SYNC_LITE_SUBSCRIPTION,
                consuming.liteSyncs()::sync,
                s -> SyncLiteSubscriptionResponse.newBuilder().setStatus(s).build());
        b.addMethod(
                RECEIVE_MESSAGE,
                ServerCalls.asyncServerStreamingCall(
                        (r, out) ->
                                Unary.run(
                                        "ReceiveMessage",
                                        (q, o) -> {
                                            guard.check(q);
                                            receiver.receive(q, o);
                                        },
                                        s -> Receiver.status(s.getCode(), s.getMessage()),
                                        r,
                                        out)));
        unary(
                guard,
                b,
                ACK_MESSAGE,
                acks::ack,
                s -> AckMessageResponse.newBuilder().setStatus(s).build());
        unary(
                guard,
                b,
                CHANGE_INVISIBLE_DURATION,
                acks::change,
                s -> ChangeInvisibleDurationResponse.newBuilder().setStatus(s).build());
    }

    /** What a pull consumer calls: pulls, and the offsets it keeps itself. */
    record Pulling(Offsets offsets, Pulls pulls) {}

    /** Pulls; the queue's bounds or time; the group's committed offset. */
    private static void offsets(Guard guard, Builder b, Pulling pulling) {
        Offsets offsets = pulling.offsets();
        b.addMethod(
                PULL_MESSAGE,
                ServerCalls.asyncServerStreamingCall(
                        (r, out) ->
                                Unary.run(
                                        "PullMessage",
                                        (q, o) -> {
                                            guard.check(q);
                                            pulling.pulls().pull(q, o);
                                        },
                                        s -> PullMessageResponse.newBuilder().setStatus(s).build(),
                                        r,
                                        out)));
        streamed(
                guard,
                b,
                QUERY_OFFSET,
                offsets::query,
                s -> QueryOffsetResponse.newBuilder().setStatus(s).build());
        streamed(
                guard,
                b,
                GET_OFFSET,
                offsets::get,
                s -> GetOffsetResponse.newBuilder().setStatus(s).build());
        streamed(
                guard,
                b,
                UPDATE_OFFSET,
                offsets::update,
                s -> UpdateOffsetResponse.newBuilder().setStatus(s).build());
    }

    /** A unary RPC, checked by {@code guard} before it runs. */
    private static <Q, R> void unary(
            Guard guard,
            Builder b,
            MethodDescriptor<Q, R> method,
            Unary.Call<Q, R> call,
            Function<Status, R> failed) {
        Unary.Call<Q, R> checked =
                q -> {
                    guard.check(q);
                    return call.call(q);
                };
        b.addMethod(
                method,
                ServerCalls.asyncUnaryCall(Unary.of(method.getBareMethodName(), checked, failed)));
    }

    /** A unary RPC that answers on its own, possibly later (after a store write). */
    private static <Q, R> void streamed(
            Guard guard,
            Builder b,
            MethodDescriptor<Q, R> method,
            Unary.Streamed<Q, R> call,
            Function<Status, R> failed) {
        String name = method.getBareMethodName();
        Unary.Streamed<Q, R> checked =
                (q, out) -> {
                    guard.check(q);
                    call.call(q, out);
                };
        b.addMethod(
                method,
                ServerCalls.asyncUnaryCall((r, out) -> Unary.run(name, checked, failed, r, out)));
    }
}
