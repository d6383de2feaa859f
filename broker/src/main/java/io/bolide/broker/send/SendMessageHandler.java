package io.bolide.broker.send;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.delay.DelayRoute;
import io.bolide.broker.delay.RecallHandle;
import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteTopics;
import io.bolide.broker.route.Destination;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.transaction.HalfMessage;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.CompletableFuture;

/**
 * SEND_MESSAGE (10, long keys) and SEND_MESSAGE_V2 (310, short keys): one header type in two wire
 * forms. The message is checked, encoded once into the commit log, and answered when the append (or
 * its flush) completes, from whichever thread completes it.
 */
final class SendMessageHandler implements RequestHandler {
    private static final String RETRY_PREFIX = "%RETRY%";

    /** The reference's remark for a send refused by the LMQ quota. */
    static final String LMQ_QUOTA_REMARK =
            "[LMQ_CONSUME_QUEUE_NUM_EXCEEDED]lmq consume queue num exceeded.";

    private static final FastThreadLocal<MessageRecordWriter> WRITERS =
            new FastThreadLocal<>() {
                @Override
                protected MessageRecordWriter initialValue() {
                    return new MessageRecordWriter();
                }
            };
    private static final FastThreadLocal<BodyCrc> CRCS =
            new FastThreadLocal<>() {
                @Override
                protected BodyCrc initialValue() {
                    return new BodyCrc();
                }
            };

    private final SendChecks checks;
    private final SendResponder responder;
    private final MessageStore store;
    private final DelayedSend delayed;
    private final SendStamp stamp;
    private final String brokerName;
    private final LiteTopics liteTopics;
    private final Requesters requesters;

    /**
     * @param stamp what the broker adds to every message ({@link BrokerProperties}), as it is now
     * @param brokerName named in a timer message's recall handle
     */
    SendMessageHandler(
            SendChecks checks,
            SendResponder responder,
            MessageStore store,
            DelayedSend delayed,
            SendStamp stamp,
            String brokerName,
            LiteTopics liteTopics,
            Requesters requesters) {
        this.checks = checks;
        this.responder = responder;
        this.store = store;
        this.delayed = delayed;
        this.stamp = stamp;
        this.brokerName = brokerName;
        this.liteTopics = liteTopics;
        this.requesters = requesters;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SendMessageRequestHeader header = SendMessageRequestHeader.decode(request.extFields());
        LogicPlacement placed = checks.place(header, exchange);
        TopicConfig topic = placed == null ? null : checks.topicFor(header, exchange);
        if (topic == null || !checks.sizesAllowed(request.body().readableBytes(), exchange)) {
            return;
        }
        String liteQueue = liteQueue(header, topic);
        if (liteQueue != null && !admitted(liteQueue, exchange)) {
            return;
        }
        int queueId = queueFor(header, topic, liteQueue);
        // A half message is not delayed when stored; its commit is (as in the reference).
        boolean half = HalfMessage.isHalf(header.properties(), header.reconsumeTimes());
        DelayRoute route = half ? DelayRoute.DIRECT : delayed.route(header, queueId, exchange);
        if (route == null) {
            return;
        }
        CompletableFuture<PutResult> put =
                stored(request, header, exchange, queueId, half ? null : route, liteQueue);
        if (put == null) {
            return;
        }
        int answered = placed.answerId(queueId);
        answerWhenStored(
                placed.inLogicOffsets(put),
                exchange,
                topic.topicName(),
                answered,
                header,
                half,
                route);
    }

    /**
     * Encodes and appends the message: to the half queue when {@code route} is null, else to its
     * lite queue or its route. Null after answering an illegal message.
     */
    private CompletableFuture<PutResult> stored(
            RemotingCommand request,
            SendMessageRequestHeader header,
            Exchange exchange,
            int queueId,
            DelayRoute route,
            String liteQueue) {
        MessageRecordWriter writer = WRITERS.get();
        try {
            StoredMessageEncoder encoder = writer.start();
            fill(encoder, header, request.body(), exchange);
            return store.put(
                    route == null
                            ? toHalfQueue(writer, encoder, header, queueId)
                            : liteQueue != null
                                    ? toLiteQueue(writer, encoder, header, liteQueue)
                                    : toRoute(writer, encoder, header, queueId, route));
        } catch (IllegalArgumentException e) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, checks.illegalRemark());
            return null;
        } finally {
            writer.clear();
        }
    }

    /** A lite topic is one queue; a priority message goes to its priority's queue (#34). */
    private static int queueFor(
            SendMessageRequestHeader header, TopicConfig topic, String liteQueue) {
        if (liteQueue != null) {
            return 0;
        }
        return PrioritySend.queue(
                header.properties(),
                SendChecks.chooseQueue(header.queueId(), topic),
                topic.writeQueueNums());
    }

    private void answerWhenStored(
            CompletableFuture<PutResult> put,
            Exchange exchange,
            String name,
            int queueId,
            SendMessageRequestHeader header,
            boolean half,
            DelayRoute route) {
        requesters.noteIfRequest(header.properties(), exchange.connection());
        String properties = header.properties();
        String transactionId = UniqKey.of(properties);
        String recall = recallHandle(name, route.timerDueMs(), transactionId);
        boolean wait = WaitStoreMsgOk.of(properties);
        if (put.isDone() && !put.isCompletedExceptionally()) {
            // ASYNC_FLUSH: the append has completed, answer without a callback object.
            PutResult result = put.join();
            if (half) {
                responder.halfStored(name, result);
            }
            responder.respond(exchange, name, result, null, queueId, transactionId, recall, wait);
            return;
        }
        put.whenComplete(
                (r, t) -> {
                    if (half) {
                        responder.halfStored(name, r);
                    }
                    responder.respond(exchange, name, r, t, queueId, transactionId, recall, wait);
                });
    }

    /** A timer message's recall handle, as the reference answers it (never for a retry). */
    private String recallHandle(String topic, long timerDueMs, String uniqKey) {
        return timerDueMs > 0 && !topic.startsWith(RETRY_PREFIX)
                ? RecallHandle.of(topic, brokerName, timerDueMs, uniqKey)
                : null;
    }

    /** Prepares the record for its topic, or for a delay queue when it is delayed. */
    private static MessageRecordWriter toRoute(
            MessageRecordWriter writer,
            StoredMessageEncoder encoder,
            SendMessageRequestHeader header,
            int queueId,
            DelayRoute route) {
        encoder.properties(route.properties(header.properties()));
        return writer.prepare(route.topic(header.topic()), route.queueId(queueId));
    }

    /**
     * The queue of the lite topic a send names ({@link LiteNames#PROPERTY}) under its parent topic,
     * or null: each lite topic is a queue of its own, as the reference's LMQ dispatch makes one.
     */
    private static String liteQueue(SendMessageRequestHeader header, TopicConfig topic) {
        String lite = LiteNames.ofProperties(header.properties());
        return lite == null ? null : LiteNames.queueName(topic.topicName(), lite);
    }

    /** Whether the LMQ quota lets {@code liteQueue} store; if not, the send is refused (2017). */
    private boolean admitted(String liteQueue, Exchange exchange) {
        if (liteTopics.admit(liteQueue)) {
            return true;
        }
        exchange.respond(ResponseCode.LMQ_QUOTA_EXCEEDED, LMQ_QUOTA_REMARK);
        return false;
    }

    /** Prepares a lite topic's message for its own queue (queue 0 of its queue name). */
    private static MessageRecordWriter toLiteQueue(
            MessageRecordWriter writer,
            StoredMessageEncoder encoder,
            SendMessageRequestHeader header,
            String liteQueue) {
        encoder.properties(header.properties());
        return writer.prepare(liteQueue, 0);
    }

    /** Prepares a half message for the half queue. */
    private static MessageRecordWriter toHalfQueue(
            MessageRecordWriter writer,
            StoredMessageEncoder encoder,
            SendMessageRequestHeader header,
            int queueId) {
        String properties = header.properties();
        // Invisible to consumers until END_TRANSACTION (or a check) commits it to its real queue.
        encoder.sysFlag(HalfMessage.sysFlag(header.sysFlag()))
                .properties(HalfMessage.properties(properties, header.topic(), queueId));
        return writer.prepare(Destination.HALF_TOPIC, Destination.HALF_QUEUE);
    }

    private void fill(
            StoredMessageEncoder encoder,
            SendMessageRequestHeader header,
            ByteBuf body,
            Exchange exchange) {
        PeerHost born = PeerHost.of(exchange.connection());
        Integer reconsumeTimes = header.reconsumeTimes();
        encoder.flag(header.flag())
                .sysFlag(header.sysFlag())
                .bornTimestamp(header.bornTimestamp())
                .bornHost(born.address, born.port)
                .storeHost(responder.storeAddress(), responder.storePort())
                .reconsumeTimes(reconsumeTimes == null ? 0 : reconsumeTimes)
                .body(body)
                .bodyCrc(CRCS.get().of(body))
                .properties(header.properties())
                .appendProperties(stamp.now().properties());
    }
}
