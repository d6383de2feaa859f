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
import io.bolide.grpc.v2.SyncLiteSubscriptionResponse;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;

/**
 * The service definition: every RPC of {@code apache.rocketmq.v2.MessagingService} bound, the
 * served ones to their adapter, the rest answered NOT_IMPLEMENTED in the v2 status.
 */
final class MessagingService {
    private MessagingService() {}

    static ServerServiceDefinition bind(
            Routes routes, Sender sender, Receiver receiver, Acks acks, Telemetry telemetry) {
        return ServerServiceDefinition.builder(MessagingServiceMethods.service())
                .addMethod(
                        QUERY_ROUTE,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "QueryRoute",
                                        routes::route,
                                        s -> QueryRouteResponse.newBuilder().setStatus(s).build())))
                .addMethod(
                        HEARTBEAT,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "Heartbeat",
                                        r ->
                                                HeartbeatResponse.newBuilder()
                                                        .setStatus(Statuses.OK)
                                                        .build(),
                                        s -> HeartbeatResponse.newBuilder().setStatus(s).build())))
                .addMethod(
                        SEND_MESSAGE,
                        ServerCalls.asyncUnaryCall(
                                (r, out) ->
                                        Unary.run(
                                                "SendMessage",
                                                sender::send,
                                                s ->
                                                        SendMessageResponse.newBuilder()
                                                                .setStatus(s)
                                                                .build(),
                                                r,
                                                out)))
                .addMethod(
                        QUERY_ASSIGNMENT,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "QueryAssignment",
                                        routes::assignment,
                                        s ->
                                                QueryAssignmentResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        RECEIVE_MESSAGE,
                        ServerCalls.asyncServerStreamingCall(
                                (r, out) ->
                                        Unary.run(
                                                "ReceiveMessage",
                                                receiver::receive,
                                                s -> Receiver.status(s.getCode(), s.getMessage()),
                                                r,
                                                out)))
                .addMethod(
                        ACK_MESSAGE,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "AckMessage",
                                        acks::ack,
                                        s -> AckMessageResponse.newBuilder().setStatus(s).build())))
                .addMethod(
                        CHANGE_INVISIBLE_DURATION,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "ChangeInvisibleDuration",
                                        acks::change,
                                        s ->
                                                ChangeInvisibleDurationResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(TELEMETRY, ServerCalls.asyncBidiStreamingCall(telemetry::open))
                .addMethod(
                        NOTIFY_CLIENT_TERMINATION,
                        ServerCalls.asyncUnaryCall(
                                Unary.of(
                                        "NotifyClientTermination",
                                        r ->
                                                NotifyClientTerminationResponse.newBuilder()
                                                        .setStatus(Statuses.OK)
                                                        .build(),
                                        s ->
                                                NotifyClientTerminationResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        FORWARD_MESSAGE_TO_DEAD_LETTER_QUEUE,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "ForwardMessageToDeadLetterQueue",
                                        s ->
                                                ForwardMessageToDeadLetterQueueResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        END_TRANSACTION,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "EndTransaction",
                                        s ->
                                                EndTransactionResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        PULL_MESSAGE,
                        ServerCalls.asyncServerStreamingCall(
                                NotServed.unary(
                                                "PullMessage",
                                                s ->
                                                        PullMessageResponse.newBuilder()
                                                                .setStatus(s)
                                                                .build())
                                        ::invoke))
                .addMethod(
                        UPDATE_OFFSET,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "UpdateOffset",
                                        s ->
                                                io.bolide.grpc.v2.UpdateOffsetResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        GET_OFFSET,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "GetOffset",
                                        s -> GetOffsetResponse.newBuilder().setStatus(s).build())))
                .addMethod(
                        QUERY_OFFSET,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "QueryOffset",
                                        s ->
                                                QueryOffsetResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        RECALL_MESSAGE,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "RecallMessage",
                                        s ->
                                                RecallMessageResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .addMethod(
                        SYNC_LITE_SUBSCRIPTION,
                        ServerCalls.asyncUnaryCall(
                                NotServed.unary(
                                        "SyncLiteSubscription",
                                        s ->
                                                SyncLiteSubscriptionResponse.newBuilder()
                                                        .setStatus(s)
                                                        .build())))
                .build();
    }
}
