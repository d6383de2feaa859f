package io.bolide.broker.delay;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.RecallMessageRequestHeader;
import io.bolide.protocol.header.RecallMessageResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * RECALL_MESSAGE (370): cancels a timer message before it is due, given the recall handle its send
 * answered. As in the reference, the recall is itself a timer message due at the handle's time,
 * stored in the recalled message's topic, carrying {@code TIMER_DEL_UNIQKEY}: the timer thread
 * files it as a cancellation and drops the message it names (see {@link Recalls}). A recall is
 * answered before it is known whether the message was still pending: an unknown message is
 * "recalled" all the same, while one whose time has passed is refused as the handle's time being
 * invalid. The refusals and their remarks are the reference's.
 */
final class RecallMessageHandler implements RequestHandler {
    static final String UNAVAILABLE = "recall failed, broker service not available";

    private final Supplier<BrokerConfig> config;
    private final TopicTable topics;
    private final MessageStore store;
    private final RecallRecord record;

    RecallMessageHandler(
            Supplier<BrokerConfig> config,
            TopicTable topics,
            MessageStore store,
            RecallRecord record) {
        this.config = config;
        this.topics = topics;
        this.store = store;
        this.record = record;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        RecallMessageRequestHeader header = RecallMessageRequestHeader.decode(request.extFields());
        if (!brokerAccepts(exchange) || !topicKnown(header.topic(), exchange)) {
            return;
        }
        RecallHandle handle = RecallHandle.decode(header.recallHandle());
        if (handle == null) {
            exchange.respond(ResponseCode.ILLEGAL_OPERATION, "recall handle is invalid");
            return;
        }
        String refusal = refusal(header.topic(), handle);
        if (refusal != null) {
            exchange.respond(ResponseCode.ILLEGAL_OPERATION, refusal);
            return;
        }
        MessageRecordWriter writer = record.writer(handle, header.producerGroup());
        CompletableFuture<PutResult> put;
        try {
            put = store.put(writer);
        } finally {
            writer.clear();
        }
        put.whenComplete((result, failure) -> answer(exchange, handle, result, failure));
    }

    private boolean brokerAccepts(Exchange exchange) {
        BrokerConfig now = config.get();
        if (!now.values().get(BrokerConfigKeys.RECALL_MESSAGE_ENABLE)) {
            exchange.respond(ResponseCode.NO_PERMISSION, "recall failed, operation is forbidden");
            return false;
        }
        if (!now.brokerRole().isMaster()) {
            exchange.respond(ResponseCode.SLAVE_NOT_AVAILABLE, UNAVAILABLE);
            return false;
        }
        if (!Perm.writable(now.brokerPermission())
                && !now.values().get(BrokerConfigKeys.ALLOW_RECALL_WHEN_BROKER_NOT_WRITEABLE)) {
            exchange.respond(ResponseCode.SERVICE_NOT_AVAILABLE, UNAVAILABLE);
            return false;
        }
        return true;
    }

    private boolean topicKnown(String topic, Exchange exchange) {
        if (topics.get(topic) != null) {
            return true;
        }
        exchange.respond(
                ResponseCode.TOPIC_NOT_EXIST, "recall failed, the topic[" + topic + "] not exist");
        return false;
    }

    /** Why the handle cannot recall anything here, or null. */
    private String refusal(String topic, RecallHandle handle) {
        if (!topic.equals(handle.topic())) {
            return "recall failed, topic not match";
        }
        if (!config.get().brokerName().equals(handle.brokerName())) {
            return UNAVAILABLE;
        }
        long due;
        try {
            due = Long.parseLong(handle.deliverMs());
        } catch (NumberFormatException e) {
            due = -1;
        }
        long ahead = due - System.currentTimeMillis();
        long longest = config.get().delayConfig().timerMaxDelaySec() * 1000;
        return ahead <= 0 || ahead >= longest ? "recall failed, timestamp invalid" : null;
    }

    private static void answer(
            Exchange exchange, RecallHandle handle, PutResult result, Throwable failure) {
        if (failure == null && result != null && stored(result.status())) {
            exchange.respond(
                    ResponseCode.SUCCESS,
                    null,
                    new RecallMessageResponseHeader().msgId(handle.uniqKey()),
                    null);
            return;
        }
        exchange.respond(ResponseCode.SYSTEM_ERROR, "recall failed, execute error");
    }

    /** The put results the reference counts as a stored recall. */
    private static boolean stored(PutStatus status) {
        return status == PutStatus.PUT_OK
                || status == PutStatus.FLUSH_FAILED
                || status == PutStatus.FLUSH_SLAVE_TIMEOUT
                || status == PutStatus.SLAVE_NOT_AVAILABLE;
    }
}
