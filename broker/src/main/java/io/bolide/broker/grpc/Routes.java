package io.bolide.broker.grpc;

import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.grpc.v2.Address;
import io.bolide.grpc.v2.AddressScheme;
import io.bolide.grpc.v2.Assignment;
import io.bolide.grpc.v2.Broker;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Endpoints;
import io.bolide.grpc.v2.MessageQueue;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.Permission;
import io.bolide.grpc.v2.QueryAssignmentRequest;
import io.bolide.grpc.v2.QueryAssignmentResponse;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.QueryRouteResponse;
import io.bolide.grpc.v2.Resource;
import io.bolide.protocol.body.TopicConfig;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * QueryRoute and QueryAssignment: this broker's queues of a topic, each reachable at this endpoint.
 * The SDKs send and receive only on queues of a master (broker id 0) whose permission allows it,
 * and send only message types a queue accepts (the topic's {@code message.type}).
 */
final class Routes {
    private static final String MESSAGE_TYPE = "message.type";

    private final TopicTable topics;
    private final String brokerName;
    private final String host;
    private final IntSupplier port;
    private volatile Endpoints self;

    /** {@code port} is read once the endpoint is bound (it may have been any free port). */
    Routes(TopicTable topics, String brokerName, String host, IntSupplier port) {
        this.topics = topics;
        this.brokerName = brokerName;
        this.host = host;
        this.port = port;
    }

    private Endpoints self() {
        Endpoints endpoints = self;
        if (endpoints == null) {
            endpoints =
                    Endpoints.newBuilder()
                            .setScheme(
                                    host.indexOf(':') >= 0
                                            ? AddressScheme.IPv6
                                            : AddressScheme.IPv4)
                            .addAddresses(
                                    Address.newBuilder().setHost(host).setPort(port.getAsInt()))
                            .build();
            self = endpoints;
        }
        return endpoints;
    }

    QueryRouteResponse route(QueryRouteRequest request) throws BadRequest {
        Resource topic = request.getTopic();
        TopicConfig config = topic(topic.getName());
        QueryRouteResponse.Builder answer = QueryRouteResponse.newBuilder().setStatus(Statuses.OK);
        List<MessageType> accepted = accepted(config);
        int queues = Math.max(config.readQueueNums(), config.writeQueueNums());
        for (int id = 0; id < queues; id++) {
            answer.addMessageQueues(
                    queue(topic, id, permission(config, id)).addAllAcceptMessageTypes(accepted));
        }
        return answer.build();
    }

    QueryAssignmentResponse assignment(QueryAssignmentRequest request) throws BadRequest {
        Resource topic = request.getTopic();
        TopicConfig config = topic(topic.getName());
        Names.check("group", request.getGroup().getName());
        // One assignment for the whole broker: a receive on queue -1 pops from every queue, so
        // the broker, not the client, balances the group's consumers (as POP does).
        Permission permission = Perm.readable(config.perm()) ? Permission.READ : Permission.NONE;
        return QueryAssignmentResponse.newBuilder()
                .setStatus(Statuses.OK)
                .addAssignments(
                        Assignment.newBuilder()
                                .setMessageQueue(
                                        queue(topic, -1, permission)
                                                .addAllAcceptMessageTypes(accepted(config))))
                .build();
    }

    TopicConfig topic(String name) throws BadRequest {
        Names.check("topic", name);
        TopicConfig config = topics.get(name);
        if (config == null) {
            throw new BadRequest(Code.TOPIC_NOT_FOUND, "topic " + name + " does not exist");
        }
        return config;
    }

    private MessageQueue.Builder queue(Resource topic, int id, Permission permission) {
        return MessageQueue.newBuilder()
                .setTopic(topic)
                .setId(id)
                .setPermission(permission)
                .setBroker(Broker.newBuilder().setName(brokerName).setId(0).setEndpoints(self()));
    }

    /**
     * The message types a topic takes, from its {@code message.type} attribute as the reference
     * reads it: NORMAL when unset, every type for MIXED. The SDKs check a send against it.
     */
    static List<MessageType> accepted(TopicConfig config) {
        String type = config.attributes().get(MESSAGE_TYPE);
        if (type == null || type.isEmpty() || type.equals("UNSPECIFIED")) {
            return List.of(MessageType.NORMAL);
        }
        if (type.equals("MIXED")) {
            return List.of(
                    MessageType.NORMAL,
                    MessageType.FIFO,
                    MessageType.DELAY,
                    MessageType.TRANSACTION);
        }
        try {
            return List.of(MessageType.valueOf(type));
        } catch (IllegalArgumentException e) {
            return List.of(MessageType.NORMAL);
        }
    }

    private static Permission permission(TopicConfig config, int id) {
        boolean read = id < config.readQueueNums() && Perm.readable(config.perm());
        boolean write = id < config.writeQueueNums() && Perm.writable(config.perm());
        if (read && write) {
            return Permission.READ_WRITE;
        }
        if (read) {
            return Permission.READ;
        }
        return write ? Permission.WRITE : Permission.NONE;
    }
}
