package io.bolide.broker.retry;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.route.Destination;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
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
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
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

    private final Supplier<BrokerConfig> brokerSettings;
    private final TopicTable topics;
    private final MessageStore store;
    private final RetryPut retryPut;
    private final Advertised self;
    private final SubscriptionGroupTable groups;
    private final BrokerStats stats;

    ConsumerSendMsgBackHandler(
            Supplier<BrokerConfig> brokerSettings,
            TopicTable topics,
            MessageStore store,
            RetryPut retryPut,
            Advertised self,
            SubscriptionGroupTable groups,
            BrokerStats stats) {
        this.brokerSettings = brokerSettings;
        this.topics = topics;
        this.store = store;
        this.retryPut = retryPut;
        this.self = self;
        this.groups = groups;
        this.stats = stats;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ConsumerSendMsgBackRequestHeader header =
                ConsumerSendMsgBackRequestHeader.decode(request.extFields());
        String group = header.group();
        SubscriptionGroupConfig settings =
                NameRules.isValidGroup(group) ? groups.find(group) : null;
        if (settings == null) {
            exchange.respond(
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group not exist, " + group + Remarks.FAQ);
            return;
        }
        if (!Perm.writable(brokerSettings.get().brokerPermission())) {
            exchange.respond(
                    ResponseCode.NO_PERMISSION,
                    "the broker[" + self.address() + "] sending message is forbidden");
            return;
        }
        TopicConfig retry = retryTopic(header, settings);
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
            sendBack(header, record, exchange, retry, settings);
        } catch (ProtocolDecodeException e) {
            lookupFailed(exchange, header.offset()); // e.g. properties that are not UTF-8
        } finally {
            record.release();
        }
    }

    /**
     * The group's retry topic, created even when the message goes on to the DLQ (as the reference).
     */
    private TopicConfig retryTopic(
            ConsumerSendMsgBackRequestHeader header, SubscriptionGroupConfig settings) {
        return createTopic(
                Destination.retryTopic(header.group()),
                header.unitMode(),
                Math.max(1, settings.retryQueueNums()));
    }

    private void sendBack(
            ConsumerSendMsgBackRequestHeader header,
            ByteBuf record,
            Exchange exchange,
            TopicConfig retry,
            SubscriptionGroupConfig settings) {
        StoredMessageFlyweight original = wrap(record, header.offset());
        if (original == null) {
            lookupFailed(exchange, header.offset());
            return;
        }
        int reconsumeTimes = original.reconsumeTimes();
        // The client's maximum when it sends one (every client since 3.4.9), else the group's.
        Integer fromClient = header.maxReconsumeTimes();
        int max = fromClient == null ? settings.retryMaxTimes() : fromClient;
        String topic;
        int level;
        int queueId = 0;
        if (SendBackPolicy.deadLetter(reconsumeTimes, header.delayLevel(), max)) {
            topic = createTopic(Destination.deadLetterTopic(header.group()), false, 1).topicName();
            level = 0;
            String origin = header.originTopic();
            stats.deadLettered(header.group(), origin != null ? origin : original.topic());
            LOG.debug(
                    "message at {} of group {} goes to {}", header.offset(), header.group(), topic);
        } else {
            topic = retry.topicName();
            level = SendBackPolicy.retryDelayLevel(header.delayLevel(), reconsumeTimes);
            queueId = ThreadLocalRandom.current().nextInt(Math.max(1, retry.writeQueueNums()));
        }
        stats.sentBack(header.group(), topic);
        put(original, topic, queueId, SendBackCopy.properties(original, level), exchange);
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
            int queueId,
            Map<String, String> properties,
            Exchange exchange) {
        MessageRecordWriter writer = WRITERS.get();
        CompletableFuture<PutResult> put;
        try {
            StoredMessageEncoder encoder = writer.start();
            SendBackCopy.fill(encoder, original, self.hostBytes(), self.port());
            put = retryPut.put(writer, encoder, topic, queueId, properties);
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

    private TopicConfig createTopic(String name, boolean unitMode, int queues) {
        return topics.createIfAbsent(SendBackPolicy.topicConfig(name, unitMode, queues));
    }

    private static void lookupFailed(Exchange exchange, long offset) {
        exchange.respond(ResponseCode.SYSTEM_ERROR, "look message by offset failed, " + offset);
    }
}
