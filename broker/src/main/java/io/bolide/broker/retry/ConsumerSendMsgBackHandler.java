package io.bolide.broker.retry;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.codes.Remarks;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.route.Destination;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumerSendMsgBackRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CONSUMER_SEND_MSG_BACK (36): a consumer could not process a message. The broker looks the
 * original up by its commit-log offset and stores a copy ({@link SendBackCopy}) in {@code
 * %RETRY%<group>} with a back-off delay level, or in {@code %DLQ%<group>} once the message has been
 * reconsumed too often ({@link SendBackPolicy}); both topics are created on demand. The copy is
 * stored through {@link RetryPut}, the seam to delayed delivery.
 */
final class ConsumerSendMsgBackHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerSendMsgBackHandler.class);
    private static final FastThreadLocal<MessageRecordWriter> WRITERS =
            new FastThreadLocal<>() {
                @Override
                protected MessageRecordWriter initialValue() {
                    return new MessageRecordWriter();
                }
            };

    private final BrokerConfig config;
    private final TopicTable topics;
    private final MessageStore store;
    private final RetryPut retryPut;
    private final Advertised self;

    ConsumerSendMsgBackHandler(
            BrokerConfig config,
            TopicTable topics,
            MessageStore store,
            RetryPut retryPut,
            Advertised self) {
        this.config = config;
        this.topics = topics;
        this.store = store;
        this.retryPut = retryPut;
        this.self = self;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ConsumerSendMsgBackRequestHeader header =
                ConsumerSendMsgBackRequestHeader.decode(request.extFields());
        String group = header.group();
        if (!NameRules.isValidGroup(group)) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group not exist, " + group + Remarks.FAQ);
            return;
        }
        if (!Perm.writable(config.brokerPermission())) {
            exchange.respond(
                    ResponseCode.NO_PERMISSION,
                    "the broker[" + self.address() + "] sending message is forbidden");
            return;
        }
        // Created even when the message goes on to the DLQ, as the reference does.
        TopicConfig retry = createTopic(Destination.retryTopic(group), header.unitMode());
        if (!Perm.writable(retry.perm())) {
            exchange.respond(
                    ResponseCode.NO_PERMISSION,
                    "the topic[" + retry.topicName() + "] sending message is forbidden");
            return;
        }
        ByteBuf record = store.getMessage(header.offset());
        if (record == null) {
            lookupFailed(exchange, header.offset());
            return;
        }
        try {
            sendBack(header, record, exchange);
        } catch (ProtocolDecodeException e) {
            lookupFailed(exchange, header.offset()); // e.g. properties that are not UTF-8
        } finally {
            record.release();
        }
    }

    private void sendBack(
            ConsumerSendMsgBackRequestHeader header, ByteBuf record, Exchange exchange) {
        StoredMessageFlyweight original = wrap(record, header.offset());
        if (original == null) {
            lookupFailed(exchange, header.offset());
            return;
        }
        int reconsumeTimes = original.reconsumeTimes();
        int max = SendBackPolicy.maxReconsumeTimes(header.maxReconsumeTimes());
        String topic;
        int level;
        if (SendBackPolicy.deadLetter(reconsumeTimes, header.delayLevel(), max)) {
            topic = createTopic(Destination.deadLetterTopic(header.group()), false).topicName();
            level = 0;
            LOG.debug(
                    "message at {} of group {} goes to {}", header.offset(), header.group(), topic);
        } else {
            topic = Destination.retryTopic(header.group());
            level = SendBackPolicy.retryDelayLevel(header.delayLevel(), reconsumeTimes);
        }
        put(original, topic, SendBackCopy.properties(original, level), exchange);
    }

    /** The record read at {@code offset}, or null if no valid record starts exactly there. */
    private static StoredMessageFlyweight wrap(ByteBuf record, long offset) {
        try {
            StoredMessageFlyweight original =
                    new StoredMessageFlyweight()
                            .wrap(record, record.readerIndex(), record.writerIndex());
            return original.physicalOffset() == offset ? original : null;
        } catch (ProtocolDecodeException e) {
            return null;
        }
    }

    private void put(
            StoredMessageFlyweight original,
            String topic,
            Map<String, String> properties,
            Exchange exchange) {
        MessageRecordWriter writer = WRITERS.get();
        CompletableFuture<PutResult> put;
        try {
            StoredMessageEncoder encoder = writer.start();
            SendBackCopy.fill(encoder, original, self.hostBytes(), self.port());
            // One queue in both the retry and the dead-letter topic: queue 0.
            put = retryPut.put(writer, encoder, topic, 0, properties);
        } catch (IllegalArgumentException e) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, "send back failed: " + e.getMessage());
            return;
        } finally {
            writer.clear();
        }
        put.whenComplete((result, failure) -> respond(exchange, result, failure));
    }

    private static void respond(Exchange exchange, PutResult result, Throwable failure) {
        if (failure != null || result == null) {
            LOG.warn("send back append failed", failure);
            exchange.respond(ResponseCode.SYSTEM_ERROR, "putMessage failed: " + failure);
        } else if (result.isOk() || result.status() == PutStatus.FLUSH_FAILED) {
            exchange.respond(ResponseCode.SUCCESS, null);
        } else {
            exchange.respond(ResponseCode.SYSTEM_ERROR, result.status().name());
        }
    }

    private TopicConfig createTopic(String name, boolean unitMode) {
        return topics.createIfAbsent(SendBackPolicy.topicConfig(name, unitMode));
    }

    private static void lookupFailed(Exchange exchange, long offset) {
        exchange.respond(ResponseCode.SYSTEM_ERROR, "look message by offset failed, " + offset);
    }
}
