package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.table.Perm;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SendResultEntry;
import io.bolide.grpc.v2.SystemProperties;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.header.SendMessageResponseHeader;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;

/**
 * SendMessage: each message is checked, turned into the SEND_MESSAGE a remoting producer would send
 * (the properties the reference proxy sets: {@code UNIQ_KEY}, {@code TAGS}, {@code KEYS}, {@code
 * __SHARDINGKEY} for a message group, {@code TIMER_DELIVER_MS} for a delivery time, {@code
 * TRAN_MSG} and {@code PGROUP} for a transaction) and dispatched through the remoting server's own
 * send path ({@link LocalCalls}): delay routing, half messages, recall handles, stats, metrics,
 * trace and the request gate apply to both protocols alike.
 */
final class Sender {
    /** The sysFlag bit of a transaction's half message, as remoting producers set it. */
    private static final int SYS_FLAG_TRANSACTION_PREPARED = 0x4;

    private final Routes routes;
    private final LocalCalls calls;
    private final IntSupplier maxBodySize;

    private final BatchSender batches;

    Sender(Routes routes, LocalCalls calls, IntSupplier maxBodySize) {
        this.routes = routes;
        this.calls = calls;
        this.maxBodySize = maxBodySize;
        this.batches = new BatchSender(this, calls, maxBodySize);
    }

    /** The topic every message of a send names, checked: the one to store them in. */
    TopicConfig topicOf(Message message) throws BadRequest {
        TopicConfig topic = routes.topic(message.getTopic().getName());
        check(message, topic);
        return topic;
    }

    void send(SendMessageRequest request, StreamObserver<SendMessageResponse> out)
            throws BadRequest {
        if (request.getMessagesCount() == 0) {
            throw new BadRequest(Code.MESSAGE_CORRUPTED, "no message to send");
        }
        if (request.getMessagesCount() > 1) {
            batches.send(request, out);
            return;
        }
        Message message = request.getMessages(0);
        TopicConfig topic = routes.topic(message.getTopic().getName());
        check(message, topic);
        SendMessageRequestHeader header = header(message, topic);
        String messageId = message.getSystemProperties().getMessageId();
        ByteBuf body = Unpooled.wrappedBuffer(GzipBodies.identity(message, maxBodySize.getAsInt()));
        CompletableFuture<RemotingCommand> answer =
                calls.callChecked(Peer.current(), RequestCode.SEND_MESSAGE, header, body);
        answer.whenComplete(
                (response, failure) ->
                        answer(out, topic.topicName(), messageId, response, failure));
    }

    private void check(Message message, TopicConfig topic) throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        if (!Perm.writable(topic.perm())) {
            throw new BadRequest(Code.FORBIDDEN, "topic " + topic.topicName() + " is not writable");
        }
        if (system.getMessageId().isEmpty() || system.getMessageId().length() > 128) {
            throw new BadRequest(Code.ILLEGAL_MESSAGE_ID, "message id is empty or too long");
        }
        if (message.getBody().size() > maxBodySize.getAsInt()) {
            throw new BadRequest(Code.MESSAGE_BODY_TOO_LARGE, "message body is too large");
        }
        if (topic.writeQueueNums() <= 0) {
            throw new BadRequest(Code.FORBIDDEN, "topic has no write queue");
        }
        if (system.hasMessageGroup() && !Texts.clean(system.getMessageGroup())) {
            throw new BadRequest(Code.ILLEGAL_MESSAGE_GROUP, "illegal message group");
        }
        if (system.getMessageType() == MessageType.LITE) {
            String problem = LiteNames.problem(system.getLiteTopic());
            if (problem != null) {
                throw new BadRequest(Code.ILLEGAL_LITE_TOPIC, problem);
            }
        } else if (system.hasLiteTopic()) {
            throw new BadRequest(
                    Code.MESSAGE_PROPERTY_CONFLICT_WITH_TYPE, "a lite topic needs a LITE message");
        }
        if (system.hasDeliveryTimestamp() && system.getMessageType() != MessageType.DELAY) {
            throw new BadRequest(
                    Code.MESSAGE_PROPERTY_CONFLICT_WITH_TYPE,
                    "a delivery time needs a DELAY message");
        }
    }

    static SendMessageRequestHeader header(Message message, TopicConfig topic) throws BadRequest {
        SystemProperties system = message.getSystemProperties();
        boolean transactional = system.getMessageType() == MessageType.TRANSACTION;
        return new SendMessageRequestHeader()
                .producerGroup(SendProperties.producerGroup(topic.topicName()))
                .topic(topic.topicName())
                .defaultTopic("TBW102")
                .defaultTopicQueueNums(topic.writeQueueNums())
                .queueId(queueOf(system, topic.writeQueueNums()))
                .sysFlag(transactional ? SYS_FLAG_TRANSACTION_PREPARED : 0)
                .bornTimestamp(
                        system.hasBornTimestamp()
                                ? Times.millis(system.getBornTimestamp())
                                : System.currentTimeMillis())
                .flag(0)
                .properties(SendProperties.of(message))
                .reconsumeTimes(0)
                .batch(false);
    }

    /** A message group's queue is a function of the group; otherwise the broker picks. */
    private static int queueOf(SystemProperties system, int queues) {
        if (system.hasMessageGroup()) {
            return Math.floorMod(system.getMessageGroup().hashCode(), queues);
        }
        int wanted = system.getQueueId();
        return wanted >= 0 && wanted < queues ? wanted : -1;
    }

    private static void answer(
            StreamObserver<SendMessageResponse> out,
            String topic,
            String messageId,
            RemotingCommand response,
            Throwable failure) {
        SendResultEntry.Builder entry = SendResultEntry.newBuilder().setMessageId(messageId);
        if (failure != null) {
            entry.setStatus(Statuses.of(Code.INTERNAL_SERVER_ERROR, "send failed: " + failure));
        } else {
            try {
                stored(entry, topic, response);
            } finally {
                response.release();
            }
        }
        SendResultEntry result = entry.build();
        out.onNext(
                SendMessageResponse.newBuilder()
                        .setStatus(result.getStatus())
                        .addEntries(result)
                        .build());
        out.onCompleted();
    }

    static void stored(SendResultEntry.Builder entry, String topic, RemotingCommand r) {
        if (r.code() != ResponseCode.SUCCESS) {
            entry.setStatus(Statuses.of(RemotingStatus.of(r.code()), String.valueOf(r.remark())));
            return;
        }
        SendMessageResponseHeader header = SendMessageResponseHeader.decode(r.extFields());
        entry.setStatus(Statuses.OK)
                .setOffset(header.queueOffset())
                .setTransactionId(TransactionHandle.of(header.msgId(), header.queueOffset()))
                .setRecallHandle(header.recallHandle() == null ? "" : header.recallHandle());
    }
}
