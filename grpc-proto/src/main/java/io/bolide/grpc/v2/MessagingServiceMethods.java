package io.bolide.grpc.v2;

import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.Message;
import io.grpc.MethodDescriptor;
import io.grpc.MethodDescriptor.MethodType;
import io.grpc.ServiceDescriptor.Builder;
import io.grpc.protobuf.ProtoUtils;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The gRPC method table of {@code apache.rocketmq.v2.MessagingService}: what protoc's gRPC plugin
 * would generate, written once by hand so the build needs no plugin binary. Each method's name and
 * streaming kind come from our own .proto file's service descriptor, so the table cannot drift from
 * the definitions (RocketMqProtoDifferentialTest compares those with the published ones).
 */
public final class MessagingServiceMethods {
    /** The full service name the SDKs call. */
    public static final String SERVICE_NAME = "apache.rocketmq.v2.MessagingService";

    /** Request and response type of each RPC, in service.proto's order. */
    private static final Message[][] TYPES = {
        {QueryRouteRequest.getDefaultInstance(), QueryRouteResponse.getDefaultInstance()},
        {HeartbeatRequest.getDefaultInstance(), HeartbeatResponse.getDefaultInstance()},
        {SendMessageRequest.getDefaultInstance(), SendMessageResponse.getDefaultInstance()},
        {QueryAssignmentRequest.getDefaultInstance(), QueryAssignmentResponse.getDefaultInstance()},
        {ReceiveMessageRequest.getDefaultInstance(), ReceiveMessageResponse.getDefaultInstance()},
        {AckMessageRequest.getDefaultInstance(), AckMessageResponse.getDefaultInstance()},
        {
            ForwardMessageToDeadLetterQueueRequest.getDefaultInstance(),
            ForwardMessageToDeadLetterQueueResponse.getDefaultInstance()
        },
        {PullMessageRequest.getDefaultInstance(), PullMessageResponse.getDefaultInstance()},
        {UpdateOffsetRequest.getDefaultInstance(), UpdateOffsetResponse.getDefaultInstance()},
        {GetOffsetRequest.getDefaultInstance(), GetOffsetResponse.getDefaultInstance()},
        {QueryOffsetRequest.getDefaultInstance(), QueryOffsetResponse.getDefaultInstance()},
        {EndTransactionRequest.getDefaultInstance(), EndTransactionResponse.getDefaultInstance()},
        {TelemetryCommand.getDefaultInstance(), TelemetryCommand.getDefaultInstance()},
        {
            NotifyClientTerminationRequest.getDefaultInstance(),
            NotifyClientTerminationResponse.getDefaultInstance()
        },
        {
            ChangeInvisibleDurationRequest.getDefaultInstance(),
            ChangeInvisibleDurationResponse.getDefaultInstance()
        },
        {RecallMessageRequest.getDefaultInstance(), RecallMessageResponse.getDefaultInstance()},
        {
            SyncLiteSubscriptionRequest.getDefaultInstance(),
            SyncLiteSubscriptionResponse.getDefaultInstance()
        },
    };

    private static final Map<String, MethodDescriptor<?, ?>> METHODS = table();

    public static final MethodDescriptor<QueryRouteRequest, QueryRouteResponse> QUERY_ROUTE =
            get("QueryRoute");
    public static final MethodDescriptor<HeartbeatRequest, HeartbeatResponse> HEARTBEAT =
            get("Heartbeat");
    public static final MethodDescriptor<SendMessageRequest, SendMessageResponse> SEND_MESSAGE =
            get("SendMessage");
    public static final MethodDescriptor<QueryAssignmentRequest, QueryAssignmentResponse>
            QUERY_ASSIGNMENT = get("QueryAssignment");
    public static final MethodDescriptor<ReceiveMessageRequest, ReceiveMessageResponse>
            RECEIVE_MESSAGE = get("ReceiveMessage");
    public static final MethodDescriptor<AckMessageRequest, AckMessageResponse> ACK_MESSAGE =
            get("AckMessage");
    public static final MethodDescriptor<
                    ForwardMessageToDeadLetterQueueRequest, ForwardMessageToDeadLetterQueueResponse>
            FORWARD_MESSAGE_TO_DEAD_LETTER_QUEUE = get("ForwardMessageToDeadLetterQueue");
    public static final MethodDescriptor<PullMessageRequest, PullMessageResponse> PULL_MESSAGE =
            get("PullMessage");
    public static final MethodDescriptor<UpdateOffsetRequest, UpdateOffsetResponse> UPDATE_OFFSET =
            get("UpdateOffset");
    public static final MethodDescriptor<GetOffsetRequest, GetOffsetResponse> GET_OFFSET =
            get("GetOffset");
    public static final MethodDescriptor<QueryOffsetRequest, QueryOffsetResponse> QUERY_OFFSET =
            get("QueryOffset");
    public static final MethodDescriptor<EndTransactionRequest, EndTransactionResponse>
            END_TRANSACTION = get("EndTransaction");
    public static final MethodDescriptor<TelemetryCommand, TelemetryCommand> TELEMETRY =
            get("Telemetry");
    public static final MethodDescriptor<
                    NotifyClientTerminationRequest, NotifyClientTerminationResponse>
            NOTIFY_CLIENT_TERMINATION = get("NotifyClientTermination");
    public static final MethodDescriptor<
                    ChangeInvisibleDurationRequest, ChangeInvisibleDurationResponse>
            CHANGE_INVISIBLE_DURATION = get("ChangeInvisibleDuration");
    public static final MethodDescriptor<RecallMessageRequest, RecallMessageResponse>
            RECALL_MESSAGE = get("RecallMessage");
    public static final MethodDescriptor<SyncLiteSubscriptionRequest, SyncLiteSubscriptionResponse>
            SYNC_LITE_SUBSCRIPTION = get("SyncLiteSubscription");

    private static final io.grpc.ServiceDescriptor SERVICE = build();

    private MessagingServiceMethods() {}

    /** The service's descriptor in our .proto file. */
    public static ServiceDescriptor schema() {
        return ServiceProto.getDescriptor().findServiceByName("MessagingService");
    }

    /** The gRPC service descriptor listing every method, for a server's service definition. */
    public static io.grpc.ServiceDescriptor service() {
        return SERVICE;
    }

    private static io.grpc.ServiceDescriptor build() {
        if (METHODS.size() != schema().getMethods().size()) {
            throw new IllegalStateException("method table misses RPCs of service.proto");
        }
        Builder builder =
                io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
                        .setSchemaDescriptor(
                                (io.grpc.protobuf.ProtoFileDescriptorSupplier)
                                        ServiceProto::getDescriptor);
        METHODS.values().forEach(builder::addMethod);
        return builder.build();
    }

    private static Map<String, MethodDescriptor<?, ?>> table() {
        Map<String, MethodDescriptor<?, ?>> table = new LinkedHashMap<>();
        for (Message[] types : TYPES) {
            put(table, types[0], types[1]);
        }
        return table;
    }

    /**
     * One method, named after its request type: its kind is read from the .proto service, its
     * marshallers come from the types.
     */
    private static void put(
            Map<String, MethodDescriptor<?, ?>> table, Message request, Message response) {
        String name = request.getDescriptorForType().getName().replace("Request", "");
        if (name.equals("TelemetryCommand")) {
            name = "Telemetry";
        }
        com.google.protobuf.Descriptors.MethodDescriptor schema = schema().findMethodByName(name);
        if (schema == null
                || !schema.getInputType().equals(request.getDescriptorForType())
                || !schema.getOutputType().equals(response.getDescriptorForType())) {
            throw new IllegalStateException("method table disagrees with service.proto: " + name);
        }
        table.put(
                name,
                MethodDescriptor.<Message, Message>newBuilder()
                        .setType(kind(schema))
                        .setFullMethodName(
                                MethodDescriptor.generateFullMethodName(SERVICE_NAME, name))
                        .setSampledToLocalTracing(true)
                        .setRequestMarshaller(ProtoUtils.marshaller(request))
                        .setResponseMarshaller(ProtoUtils.marshaller(response))
                        .build());
    }

    private static MethodType kind(com.google.protobuf.Descriptors.MethodDescriptor schema) {
        if (schema.isClientStreaming()) {
            return schema.isServerStreaming()
                    ? MethodType.BIDI_STREAMING
                    : MethodType.CLIENT_STREAMING;
        }
        return schema.isServerStreaming() ? MethodType.SERVER_STREAMING : MethodType.UNARY;
    }

    @SuppressWarnings("unchecked")
    private static <Q, R> MethodDescriptor<Q, R> get(String name) {
        return (MethodDescriptor<Q, R>) METHODS.get(name);
    }

    /** Every method, in the .proto file's order. */
    public static Iterable<MethodDescriptor<?, ?>> all() {
        return METHODS.values();
    }
}
