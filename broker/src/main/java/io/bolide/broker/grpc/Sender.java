package io.bolide.broker.grpc;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.table.Perm;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Encoding;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SendResultEntry;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * SendMessage: each message is checked, encoded once into the commit log like a remoting send (the
 * SDK's message id becomes {@code UNIQ_KEY}, its tag {@code TAGS}, its keys {@code KEYS}), and
 * answered with that message id once stored. Only NORMAL messages so far: the other types are
 * refused with NOT_IMPLEMENTED rather than stored as something they are not.
 */
final class Sender {
    private final Routes routes;
    private final MessageStore store;
    private final Advertised self;
    private final IntSupplier maxBodySize;
    private final AtomicInteger turn = new AtomicInteger();

    Sender(Routes routes, MessageStore store, Advertised self, IntSupplier maxBodySize) {
        this.routes = routes;
        this.store = store;
        this.self = self;
        this.maxBodySize = maxBodySize;
    }

    void send(SendMessageRequest request, StreamObserver<SendMessageResponse> out)
            throws BadRequest {
        if (request.getMessagesCount() != 1) {
            // The SDKs send one message per call; a batch must land atomically, not yet served.
            throw new BadRequest(Code.NOT_IMPLEMENTED, "batch sends are not served yet");
        }
        Message message = request.getMessages(0);
        TopicConfig topic = routes.topic(message.getTopic().getName());
        int queueId = check(message, topic);
        String messageId = message.getSystemProperties().getMessageId();
        store(message, topic.topicName(), queueId)
                .whenComplete((put, failure) -> answer(out, messageId, put, failure));
    }

    private int check(Message message, TopicConfig topic) throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        if (!Perm.writable(topic.perm())) {
            throw new BadRequest(Code.FORBIDDEN, "topic " + topic.topicName() + " is not writable");
        }
        if (system.getMessageType() != MessageType.NORMAL
                || system.hasDeliveryTimestamp()
                || system.hasMessageGroup()) {
            throw new BadRequest(
                    Code.NOT_IMPLEMENTED,
                    "only NORMAL messages are served over gRPC yet, not "
                            + system.getMessageType());
        }
        if (system.getBodyEncoding() == Encoding.GZIP) {
            throw new BadRequest(Code.NOT_IMPLEMENTED, "GZIP bodies are not served yet");
        }
        if (system.getMessageId().isEmpty() || system.getMessageId().length() > 128) {
            throw new BadRequest(Code.ILLEGAL_MESSAGE_ID, "message id is empty or too long");
        }
        if (message.getBody().size() > maxBodySize.getAsInt()) {
            throw new BadRequest(Code.MESSAGE_BODY_TOO_LARGE, "message body is too large");
        }
        int queues = topic.writeQueueNums();
        if (queues <= 0) {
            throw new BadRequest(Code.FORBIDDEN, "topic has no write queue");
        }
        int wanted = system.getQueueId();
        return wanted >= 0 && wanted < queues
                ? wanted
                : (turn.getAndIncrement() & Integer.MAX_VALUE) % queues;
    }

    private CompletableFuture<PutResult> store(Message message, String topic, int queueId)
            throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        ByteBuf body = Unpooled.wrappedBuffer(message.getBody().asReadOnlyByteBuffer());
        InetSocketAddress born = Peer.current();
        MessageRecordWriter writer = new MessageRecordWriter();
        try {
            writer.start()
                    .flag(0)
                    .sysFlag(0)
                    .bornTimestamp(born(system))
                    .bornHost(born.getAddress().getAddress(), born.getPort())
                    .storeHost(self.hostBytes(), self.port())
                    .reconsumeTimes(0)
                    .body(body)
                    .bodyCrc(new BodyCrc().of(body))
                    .properties(properties(message));
            return store.put(writer.prepare(topic, queueId));
        } catch (IllegalArgumentException e) {
            throw new BadRequest(
                    Code.ILLEGAL_MESSAGE_PROPERTY_KEY, "message does not fit: " + e.getMessage());
        }
    }

    private static long born(SystemProperties system) {
        return system.hasBornTimestamp()
                ? Times.millis(system.getBornTimestamp())
                : System.currentTimeMillis();
    }

    /** The stored properties: the user's, then the system ones the remoting clients also set. */
    static String properties(Message message) throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        Map<String, String> properties = new LinkedHashMap<>(message.getUserPropertiesMap());
        for (String name : properties.keySet()) {
            if (MessageViews.RESERVED.contains(name) || !Texts.clean(name)) {
                throw new BadRequest(
                        Code.ILLEGAL_MESSAGE_PROPERTY_KEY,
                        "property name " + name + " is reserved");
            }
        }
        if (system.hasTag()) {
            if (!Texts.clean(system.getTag()) || system.getTag().indexOf('|') >= 0) {
                throw new BadRequest(Code.ILLEGAL_MESSAGE_TAG, "illegal tag");
            }
            properties.put(MessageProperty.TAGS, system.getTag());
        }
        if (system.getKeysCount() > 0) {
            for (String key : system.getKeysList()) {
                if (!Texts.clean(key) || key.indexOf(' ') >= 0) {
                    throw new BadRequest(Code.ILLEGAL_MESSAGE_KEY, "illegal key");
                }
            }
            properties.put(MessageProperty.KEYS, String.join(" ", system.getKeysList()));
        }
        properties.put(MessageProperty.UNIQ_KEY, system.getMessageId());
        for (String value : properties.values()) {
            if (!Texts.clean(value)) {
                throw new BadRequest(
                        Code.ILLEGAL_MESSAGE_PROPERTY_KEY, "property value has a separator byte");
            }
        }
        return MessageProperties.toText(properties);
    }

    private static void answer(
            StreamObserver<SendMessageResponse> out,
            String messageId,
            PutResult put,
            Throwable failure) {
        SendResultEntry.Builder entry = SendResultEntry.newBuilder().setMessageId(messageId);
        if (failure != null || put == null || !put.isOk()) {
            String why =
                    failure != null ? String.valueOf(failure.getMessage()) : String.valueOf(put);
            entry.setStatus(Statuses.of(Code.INTERNAL_SERVER_ERROR, "store failed: " + why));
        } else {
            entry.setStatus(Statuses.OK).setOffset(put.queueOffset());
        }
        SendResultEntry result = entry.build();
        out.onNext(
                SendMessageResponse.newBuilder()
                        .setStatus(result.getStatus())
                        .addEntries(result)
                        .build());
        out.onCompleted();
    }
}
