package io.bolide.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** Every consume queue, by topic then queue id, under {@code <root>/consumequeue/}. */
final class ConsumeQueueTable {
    private final Path dir;
    private final int fileSize;
    private final boolean zeroFill;
    private final WindowPlan plan;
    private final Map<String, Map<Integer, ConsumeQueue>> topics = new ConcurrentHashMap<>();

    ConsumeQueueTable(Path dir, int fileSize, boolean zeroFill) {
        this(dir, fileSize, zeroFill, WindowPlan.whole());
    }

    ConsumeQueueTable(Path dir, int fileSize, boolean zeroFill, WindowPlan plan) {
        this.plan = plan;
        this.dir = dir;
        this.fileSize = fileSize;
        this.zeroFill = zeroFill;
    }

    /** Loads every queue directory, trimming tails not confirmed below {@code physLimit}. */
    void load(CommitLog log, long physLimit) throws IOException {
        load(log, physLimit, false);
    }

    /**
     * As {@link #load(CommitLog, long)}; after a clean stop ({@code clean}) each queue starts its
     * tail search where {@link #saveTails()} recorded it ended.
     */
    void load(CommitLog log, long physLimit, boolean clean) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Map<String, Long> tails = QueueTails.take(dir);
        if (!clean) {
            tails = Map.of();
        }
        for (Path topicDir : list(dir)) {
            String topic = topicDir.getFileName().toString();
            for (Path queueDir : list(topicDir)) {
                int queueId = parseQueueId(queueDir.getFileName().toString());
                if (queueId >= 0) {
                    ConsumeQueue queue = newQueue(topic, queueId);
                    Long tail = tails.get(QueueTails.key(topic, queueId));
                    queue.load(log, physLimit, tail == null ? -1 : tail);
                    topics.computeIfAbsent(topic, t -> new ConcurrentHashMap<>())
                            .put(queueId, queue);
                }
            }
        }
    }

    private static List<Path> list(Path parent) throws IOException {
        List<Path> children = new ArrayList<>();
        try (Stream<Path> stream = Files.list(parent)) {
            stream.filter(Files::isDirectory).forEach(children::add);
        }
        return children;
    }

    private static int parseQueueId(String name) {
        if (name.isEmpty() || name.length() > 5) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value < QueueOffsetTable.MAX_QUEUE_ID ? value : -1;
    }

    private ConsumeQueue newQueue(String topic, int queueId) {
        Path queueDir = dir.resolve(topic).resolve(Integer.toString(queueId));
        return new ConsumeQueue(topic, queueId, queueDir, fileSize, zeroFill, plan);
    }

    ConsumeQueue find(String topic, int queueId) {
        Map<Integer, ConsumeQueue> queues = topics.get(topic);
        return queues == null ? null : queues.get(queueId);
    }

    ConsumeQueue findOrCreate(String topic, int queueId) {
        ConsumeQueue queue = find(topic, queueId);
        if (queue != null) {
            return queue;
        }
        return topics.computeIfAbsent(topic, t -> new ConcurrentHashMap<>())
                .computeIfAbsent(queueId, id -> newQueue(topic, id));
    }

    /** Records where every queue ends, for the next start after a clean stop. */
    void saveTails() throws IOException {
        QueueTails.write(dir, all());
    }

    List<ConsumeQueue> all() {
        List<ConsumeQueue> all = new ArrayList<>();
        for (Map<Integer, ConsumeQueue> queues : topics.values()) {
            all.addAll(queues.values());
        }
        return all;
    }

    /** The topics that have queues. */
    List<String> topics() {
        return new ArrayList<>(topics.keySet());
    }

    /**
     * Deletes each queue whose last entry ends at or below {@code commitLogMin}; returns how many.
     */
    int deleteExpired(long commitLogMin) throws IOException {
        int deleted = 0;
        for (Map.Entry<String, Map<Integer, ConsumeQueue>> topic : topics.entrySet()) {
            Map<Integer, ConsumeQueue> queues = topic.getValue();
            for (ConsumeQueue queue : List.copyOf(queues.values())) {
                long last = queue.maxOffset() - 1;
                if (last >= 0
                        && queue.phys(last) + queue.size(last) <= commitLogMin
                        && queues.remove(queue.queueId(), queue)) {
                    queue.delete();
                    deleted++;
                }
            }
            if (queues.isEmpty()) {
                deleteTopic(topic.getKey());
            }
        }
        return deleted;
    }

    /** Forgets and deletes every queue of {@code topic}; true if it had any. */
    boolean deleteTopic(String topic) throws IOException {
        Map<Integer, ConsumeQueue> queues = topics.remove(topic);
        if (queues == null) {
            return false;
        }
        for (ConsumeQueue queue : queues.values()) {
            queue.delete();
        }
        Path topicDir = dir.resolve(topic);
        if (Files.isDirectory(topicDir)) {
            try (Stream<Path> walk = Files.walk(topicDir)) {
                for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return true;
    }

    /** Drops every entry of a record at or past commit-log offset {@code physLimit}. */
    void truncate(long physLimit) {
        for (ConsumeQueue queue : all()) {
            queue.truncate(physLimit);
        }
    }

    void close() throws IOException {
        for (ConsumeQueue queue : all()) {
            queue.close();
        }
    }
}
