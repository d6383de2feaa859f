package io.bolide.broker.lite;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

/**
 * The lite topics this broker stores, by queue name: what the LMQ quota counts. A lite topic exists
 * from its first stored message on (its consume queue is its record); at start the set is read back
 * from the consume-queue directory.
 */
public final class LiteTopics {
    private final Set<String> queues = ConcurrentHashMap.newKeySet();
    private final IntSupplier max;

    /** An empty set that admits at most {@code max} lite topics. */
    public LiteTopics(int max) {
        this(() -> max);
    }

    /**
     * An empty set that admits at most {@code max} lite topics, asked at each new one: the quota
     * changes live (maxLmqConsumeQueueNum); lowered below the count, it keeps what is stored and
     * admits no new one.
     */
    public LiteTopics(IntSupplier max) {
        this.max = max;
    }

    /** The lite topics whose consume queues are under {@code consumeQueueDir}. */
    public static LiteTopics read(Path consumeQueueDir, IntSupplier max) throws IOException {
        LiteTopics topics = new LiteTopics(max);
        if (!Files.isDirectory(consumeQueueDir)) {
            return topics;
        }
        try (DirectoryStream<Path> dirs =
                Files.newDirectoryStream(consumeQueueDir, LiteNames.PREFIX + "*")) {
            for (Path dir : dirs) {
                topics.queues.add(dir.getFileName().toString());
            }
        }
        return topics;
    }

    /**
     * Whether a message may be stored in {@code queueName}: it exists already, or one more stays
     * within the quota (then it is counted from now on).
     */
    public boolean admit(String queueName) {
        if (queues.contains(queueName)) {
            return true;
        }
        // Racing first sends to different new lite topics may pass the quota by a few: the quota
        // bounds growth, it is not an exact count (the reference's check is not atomic either).
        if (queues.size() >= max.getAsInt()) {
            return false;
        }
        queues.add(queueName);
        return true;
    }

    /** Whether {@code queueName} has stored a message. */
    public boolean exists(String queueName) {
        return queues.contains(queueName);
    }

    /** How many lite topics are stored under {@code parent} (an operator's question: a scan). */
    public int countUnder(String parent) {
        int n = 0;
        for (String queue : queues) {
            if (parent.equals(LiteNames.parentOf(queue))) {
                n++;
            }
        }
        return n;
    }

    /** How many lite topics are stored. */
    public int count() {
        return queues.size();
    }
}
