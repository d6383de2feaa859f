package io.bolide.systest;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * What one broker holds of a round: every message of the topic from the round's first queue offsets
 * to the queues' ends, read from that broker alone, counted by key, each body checked against the
 * body its key stands for and against the CRC the broker stored.
 */
final class Holdings {
    private final String address;
    private final Map<String, Integer> copies = new HashMap<>();
    private final StringBuilder corrupt = new StringBuilder();
    private int corruptCount;
    private int total;

    private Holdings(String address) {
        this.address = address;
    }

    /** Reads queues {@code from[q]} to their current end at {@code address}. */
    static Holdings read(HaGroup group, String address, long[] from, FaultBodies bodies)
            throws Exception {
        group.awaitDispatched(address);
        return read(group.reader(), address, HaGroup.TOPIC, from, group.queueEnds(address), bodies);
    }

    /** Reads queues {@code from[q]} to {@code to[q]} of {@code topic} at {@code address}. */
    static Holdings read(
            QueueReader reader,
            String address,
            String topic,
            long[] from,
            long[] to,
            FaultBodies bodies)
            throws Exception {
        Holdings holdings = new Holdings(address);
        for (int q = 0; q < from.length; q++) {
            for (MessageExt message : reader.read(address, topic, q, from[q], to[q])) {
                holdings.add(message, bodies);
            }
        }
        return holdings;
    }

    private void add(MessageExt message, FaultBodies bodies) {
        total++;
        String key = message.getUserProperty(FaultBodies.KEY);
        byte[] body = message.getBody();
        boolean whole =
                key != null
                        && body != null
                        && FaultBodies.crcOf(body) == bodies.crc(key)
                        && (UtilAll.crc32(body) & 0x7FFFFFFF)
                                == (message.getBodyCRC() & 0x7FFFFFFF);
        if (!whole) {
            if (corruptCount++ < 5) {
                corrupt.append(" [queue ")
                        .append(message.getQueueId())
                        .append(" offset ")
                        .append(message.getQueueOffset())
                        .append(" key ")
                        .append(key)
                        .append(']');
            }
            return;
        }
        copies.merge(key, 1, Integer::sum);
    }

    /** Whether this broker holds a whole copy of {@code key}. */
    boolean holds(String key) {
        return copies.containsKey(key);
    }

    /** The keys of {@code expected} this broker does not hold. */
    Set<String> missing(Set<String> expected) {
        Set<String> missing = new java.util.TreeSet<>();
        for (String key : expected) {
            if (!copies.containsKey(key)) {
                missing.add(key);
            }
        }
        return missing;
    }

    /** Copies beyond the first of any key. */
    int duplicates() {
        int extra = 0;
        for (int count : copies.values()) {
            extra += count - 1;
        }
        return extra;
    }

    int corrupt() {
        return corruptCount;
    }

    int total() {
        return total;
    }

    @Override
    public String toString() {
        return address
                + ": "
                + total
                + " messages, "
                + copies.size()
                + " keys, "
                + duplicates()
                + " duplicates, "
                + corruptCount
                + " corrupt"
                + corrupt;
    }
}
