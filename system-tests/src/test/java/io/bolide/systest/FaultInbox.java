package io.bolide.systest;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * The fault tests' push-consumer listener: counts deliveries per {@link FaultBodies} key and checks
 * each body against the body its key stands for. A message is not kept, only its key.
 */
final class FaultInbox implements MessageListenerConcurrently {
    private final FaultBodies bodies;
    private final Map<String, Integer> deliveries = new ConcurrentHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private final List<String> corrupt = new ArrayList<>();

    FaultInbox(FaultBodies bodies) {
        this.bodies = bodies;
    }

    @Override
    public ConsumeConcurrentlyStatus consumeMessage(
            List<MessageExt> messages, ConsumeConcurrentlyContext context) {
        for (MessageExt message : messages) {
            total.incrementAndGet();
            String key = message.getUserProperty(FaultBodies.KEY);
            if (key == null || FaultBodies.crcOf(message.getBody()) != bodies.crc(key)) {
                synchronized (corrupt) {
                    corrupt.add(message.getQueueId() + "@" + message.getQueueOffset());
                }
            } else {
                deliveries.merge(key, 1, Integer::sum);
            }
        }
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    /** Waits until each of {@code keys} was delivered at least once. */
    void awaitAll(String what, Collection<String> keys) {
        Clients.awaitCostly(
                what,
                () -> {
                    for (String key : keys) {
                        if (!deliveries.containsKey(key)) {
                            return false;
                        }
                    }
                    return true;
                });
    }

    /** How many of {@code keys} were never delivered. */
    long undelivered(Collection<String> keys) {
        return keys.stream().filter(k -> !deliveries.containsKey(k)).count();
    }

    /** Up to {@code limit} of {@code keys} never delivered (for the log). */
    List<String> missing(Collection<String> keys, int limit) {
        return keys.stream().filter(k -> !deliveries.containsKey(k)).limit(limit).toList();
    }

    /** Deliveries beyond the first of any key, so far. */
    long duplicates() {
        return total.get() - deliveries.size() - corrupt().size();
    }

    List<String> corrupt() {
        synchronized (corrupt) {
            return List.copyOf(corrupt);
        }
    }
}
