package io.bolide.broker.pop;

import io.bolide.broker.retry.RetryCopy;
import io.bolide.broker.route.Destination;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.message.NameRules;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes an expired message visible again as the reference does: a copy with reconsume times plus
 * one goes to the group's POP retry topic {@code %RETRY%group_topic} (queue 0, created on demand),
 * where the next pop of the topic finds it; once the message has been reconsumed the group's {@code
 * retryMaxTimes} it goes to {@code %DLQ%group} instead. The message leaves the bookkeeping only
 * when the copy is stored.
 */
final class Reviver {
    static final String FIRST_POP_TIME = "1ST_POP_TIME";
    private static final Logger LOG = LoggerFactory.getLogger(Reviver.class);
    private static final long RETRY_FAILED_MS = 1_000;
    private static final int DEFAULT_MAX_RECONSUME_TIMES = 16;

    private final PopBook book;
    private final MessageStore store;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final RetryCopy copies;
    private final BrokerStats stats;

    Reviver(
            PopBook book,
            MessageStore store,
            TopicTable topics,
            SubscriptionGroupTable groups,
            RetryCopy copies,
            BrokerStats stats) {
        this.stats = stats;
        this.book = book;
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.copies = copies;
    }

    /** Revives what has expired, at most {@code max}; returns how many it handled. */
    int reviveDue(int max) {
        List<Expired> expired = book.expire(max);
        for (Expired e : expired) {
            revive(e);
        }
        return expired.size();
    }

    private void revive(Expired e) {
        QueueKey key = e.queue().key;
        List<QueueEntry> entries = store.queueEntries(key.topic(), key.queueId(), e.offset(), 1);
        if (entries.isEmpty() || entries.get(0).queueOffset() != e.offset()) {
            book.revived(e); // gone from the store (retention): nothing left to redeliver
            return;
        }
        QueueEntry entry = entries.get(0);
        ByteBuf record = store.getMessage(entry.physicalOffset(), entry.size());
        if (record == null) {
            book.revived(e);
            return;
        }
        try {
            StoredMessageFlyweight original =
                    new StoredMessageFlyweight()
                            .wrap(record, record.readerIndex(), record.writerIndex());
            copy(e, original);
        } catch (ProtocolDecodeException | IllegalArgumentException ex) {
            LOG.warn("cannot revive {} offset {}: {}", key, e.offset(), ex.toString());
            book.revived(e);
        } finally {
            record.release();
        }
    }

    private void copy(Expired e, StoredMessageFlyweight original) {
        QueueKey key = e.queue().key;
        LOG.debug("revive {} offset {}", key, e.offset());
        SubscriptionGroupConfig settings = groups.get(key.group());
        int max = settings == null ? DEFAULT_MAX_RECONSUME_TIMES : settings.retryMaxTimes();
        String topic =
                original.reconsumeTimes() >= max
                        ? Destination.deadLetterTopic(key.group())
                        : retryTopicOf(key);
        topics.createIfAbsent(TopicTable.config(topic, 1, Perm.READ | Perm.WRITE));
        Map<String, String> properties = original.propertyMap();
        if (original.reconsumeTimes() == 0 || !properties.containsKey(FIRST_POP_TIME)) {
            properties.put(FIRST_POP_TIME, Long.toString(e.popTime()));
        }
        copies.put(original, topic, 0, properties)
                .whenComplete((result, failure) -> stored(e, topic, result, failure));
    }

    private void stored(Expired e, String topic, PutResult result, Throwable failure) {
        boolean ok =
                failure == null
                        && result != null
                        && (result.isOk() || result.status() == PutStatus.FLUSH_FAILED);
        count(e.queue().key, topic, ok ? PutStatus.PUT_OK.name() : status(result));
        if (ok) {
            book.revived(e);
            return;
        }
        LOG.warn("cannot store the retry copy of {} offset {}", e.queue().key, e.offset());
        book.retryLater(e, RETRY_FAILED_MS);
    }

    /**
     * Counts a revival as the reference's metrics do: a stored dead letter in {@code
     * rocketmq_send_to_dlq_messages_total}, every retry copy (stored or not) by the store's answer.
     */
    private void count(QueueKey key, String copiedTo, String status) {
        if (!copiedTo.startsWith(NameRules.DLQ_TOPIC_PREFIX)) {
            stats.pop().revived(key.group(), key.topic(), status);
        } else if (PutStatus.PUT_OK.name().equals(status)) {
            stats.deadLettered(key.group(), key.topic());
        }
    }

    private static String status(PutResult result) {
        return result == null ? "UNKNOWN_ERROR" : result.status().name();
    }

    /** The POP retry topic a message of {@code key} goes to (itself, if it is one). */
    static String retryTopicOf(QueueKey key) {
        return key.topic().startsWith(ReceiptHandle.RETRY_PREFIX)
                ? key.topic()
                : ReceiptHandle.retryTopic(key.group(), key.topic());
    }
}
