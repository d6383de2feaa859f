package io.bolide.broker.pop;

/**
 * The offset fields of a POP response header, as the official clients parse them
 * (docs/protocol/pop.md): per queue read, {@code startOffsetInfo} gets {@code "retry queueId
 * startOffset"} and {@code msgOffsetInfo} gets {@code "retry queueId o1,o2,..."}, entries joined by
 * {@code ;}. {@code orderCountInfo} (orderly pops) gets {@code "retry qo<queueId>%<offset> count"}
 * per redelivered message, then {@code "retry queueId count"} per queue.
 */
final class PopOffsetInfo {
    private final StringBuilder start = new StringBuilder(32);
    private final StringBuilder messages = new StringBuilder(64);
    private final StringBuilder orderCounts = new StringBuilder();

    /** Adds one queue's batch: its start offset and the offsets of the messages returned. */
    void add(String topic, int queueId, long startOffset, long[] offsets, int count) {
        String retry = ReceiptHandle.retryFlag(topic);
        separate(start).append(retry).append(' ').append(queueId).append(' ').append(startOffset);
        separate(messages).append(retry).append(' ').append(queueId).append(' ');
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                messages.append(',');
            }
            messages.append(offsets[i]);
        }
    }

    /** Adds how often the message at {@code offset} was delivered before (orderly pops). */
    void orderCount(String topic, int queueId, long offset, int count) {
        separate(orderCounts).append(ReceiptHandle.retryFlag(topic)).append(" qo");
        orderCounts.append(queueId).append('%').append(offset).append(' ').append(count);
    }

    /**
     * Adds the queue-level order count the reference appends after a queue's offsets: the least
     * count of the batch when every message in it has one, else 0.
     */
    void queueOrderCount(String topic, int queueId, int count) {
        separate(orderCounts).append(ReceiptHandle.retryFlag(topic)).append(' ');
        orderCounts.append(queueId).append(' ').append(count);
    }

    String startOffsetInfo() {
        return start.toString();
    }

    String msgOffsetInfo() {
        return messages.toString();
    }

    /** The order counts, or null when none was added. */
    String orderCountInfo() {
        return orderCounts.length() == 0 ? null : orderCounts.toString();
    }

    private static StringBuilder separate(StringBuilder s) {
        return s.length() > 0 ? s.append(';') : s;
    }
}
