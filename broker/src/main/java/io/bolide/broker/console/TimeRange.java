package io.bolide.broker.console;

import io.bolide.protocol.body.TopicConfig;
import io.bolide.store.MessageStore;
import io.bolide.store.QueueEntry;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The messages of a topic stored in a time range, as the dashboard's time-range query: in each
 * queue from the first offset stored at or after the range's start (the consume queue's own time
 * search), up to the first stored after its end; the oldest {@code max} of all queues together.
 */
final class TimeRange {
    private TimeRange() {}

    static List<Map<String, Object>> find(
            MessageStore store, TopicConfig topic, long begin, long end, int max) {
        List<Map<String, Object>> views = new ArrayList<>();
        String name = topic.topicName();
        for (int queueId = 0; queueId < topic.readQueueNums(); queueId++) {
            long from =
                    Math.max(
                            store.minOffset(name, queueId),
                            store.offsetByTime(name, queueId, begin));
            for (QueueEntry entry : store.queueEntries(name, queueId, from, max)) {
                Map<String, Object> view = view(store, entry);
                if (view == null) {
                    continue;
                }
                long stored = (long) view.get("storeTimestamp");
                if (stored > end) {
                    break;
                }
                if (stored >= begin) {
                    views.add(view);
                }
            }
        }
        views.sort(Comparator.comparingLong(v -> (long) v.get("storeTimestamp")));
        return views.size() > max ? new ArrayList<>(views.subList(0, max)) : views;
    }

    private static Map<String, Object> view(MessageStore store, QueueEntry entry) {
        ByteBuf record = store.getMessage(entry.physicalOffset(), entry.size());
        if (record == null) {
            return null;
        }
        try {
            return MessageView.of(record);
        } finally {
            record.release();
        }
    }
}
