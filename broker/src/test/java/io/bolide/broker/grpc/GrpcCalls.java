package io.bolide.broker.grpc;

import com.google.protobuf.ByteString;
import io.bolide.grpc.v2.AckMessageEntry;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.FilterExpression;
import io.bolide.grpc.v2.FilterType;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageQueue;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.grpc.v2.Resource;
import io.bolide.grpc.v2.SystemProperties;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC endpoint tests' client side: blocking calls on a channel (plain or signed) and the
 * requests they build more than once, as the SDK builds them.
 */
final class GrpcCalls {
    private GrpcCalls() {}

    /** A topic or group name as the v2 API carries it. */
    static Resource name(String name) {
        return Resource.newBuilder().setName(name).build();
    }

    /** A unary call that must answer within 10 s. */
    static <Q, R> R call(Channel on, MethodDescriptor<Q, R> method, Q request) {
        return ClientCalls.blockingUnaryCall(
                on, method, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), request);
    }

    /**
     * A receive of up to {@code batch} messages of {@code topic}, any queue, invisible for {@code
     * invisibleSeconds}, long-polling {@code pollSeconds}.
     */
    static ReceiveMessageRequest receiveRequest(
            String group, String topic, int batch, long invisibleSeconds, long pollSeconds) {
        return ReceiveMessageRequest.newBuilder()
                .setGroup(name(group))
                .setMessageQueue(MessageQueue.newBuilder().setTopic(name(topic)).setId(-1))
                .setBatchSize(batch)
                .setInvisibleDuration(
                        com.google.protobuf.Duration.newBuilder().setSeconds(invisibleSeconds))
                .setLongPollingTimeout(
                        com.google.protobuf.Duration.newBuilder().setSeconds(pollSeconds))
                .build();
    }

    /** Every answer of one receive stream (status, messages, delivery time), in order. */
    static List<ReceiveMessageResponse> receive(
            Channel on, ReceiveMessageRequest request, long deadlineSeconds) {
        Iterator<ReceiveMessageResponse> answers =
                ClientCalls.blockingServerStreamingCall(
                        on,
                        MessagingServiceMethods.RECEIVE_MESSAGE,
                        CallOptions.DEFAULT.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS),
                        request);
        List<ReceiveMessageResponse> all = new ArrayList<>();
        answers.forEachRemaining(all::add);
        return all;
    }

    /** The answers of {@link #receive} that carry a message. */
    static List<ReceiveMessageResponse> received(List<ReceiveMessageResponse> answers) {
        return answers.stream().filter(ReceiveMessageResponse::hasMessage).toList();
    }

    /** The status a receive stream opens with (a refused receive answers nothing else). */
    static Code receiveStatus(Channel on, ReceiveMessageRequest request) {
        return receive(on, request, 10).get(0).getStatus().getCode();
    }

    /** An ack of one received message, by its id and receipt handle. */
    static AckMessageRequest ack(String group, String topic, Message message) {
        return ack(
                group,
                topic,
                message.getSystemProperties().getMessageId(),
                message.getSystemProperties().getReceiptHandle());
    }

    /** An ack of {@code messageId} with {@code receiptHandle} (well-formed or not). */
    static AckMessageRequest ack(
            String group, String topic, String messageId, String receiptHandle) {
        return AckMessageRequest.newBuilder()
                .setGroup(name(group))
                .setTopic(name(topic))
                .addEntries(
                        AckMessageEntry.newBuilder()
                                .setMessageId(messageId)
                                .setReceiptHandle(receiptHandle))
                .build();
    }

    /** A NORMAL message as the SDK builds it: its id, tag, user properties and body. */
    static Message message(
            String topic, String id, String tag, Map<String, String> properties, byte[] body) {
        return Message.newBuilder()
                .setTopic(name(topic))
                .setSystemProperties(
                        SystemProperties.newBuilder()
                                .setMessageId(id)
                                .setTag(tag)
                                .setMessageType(MessageType.NORMAL))
                .putAllUserProperties(properties)
                .setBody(ByteString.copyFrom(body))
                .build();
    }

    /** {@code receive} with an SQL92 filter. */
    static ReceiveMessageRequest withSql(ReceiveMessageRequest receive, String sql) {
        return receive.toBuilder()
                .setFilterExpression(
                        FilterExpression.newBuilder().setType(FilterType.SQL).setExpression(sql))
                .build();
    }
}
