package io.bolide.namesrv;

import io.bolide.protocol.body.QueueData;
import io.bolide.protocol.body.TopicList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Lock;

/**
 * The name server's topic listings (all topics, a cluster's, the "system topics", the count the
 * metrics endpoint reports) and the admin commands that edit topics directly: register a topic's
 * queues, delete a topic, wipe or add write permission on a broker name. Reads share the route
 * data's read lock; edits take its write lock.
 */
final class TopicCatalog {
    private final RouteState state;
    private final Lock read;
    private final Lock write;
    private final Map<String, Set<String>> clusters;
    private final Map<String, BrokerGroup> brokers;
    private final Map<String, Map<String, QueueData>> topics;

    TopicCatalog(RouteState state) {
        this.state = state;
        this.read = state.read;
        this.write = state.write;
        this.clusters = state.clusters;
        this.brokers = state.brokers;
        this.topics = state.topics;
    }

    /** How many topics have queues on some broker (the metrics endpoint). */
    int topicCount() {
        read.lock();
        try {
            return topics.size();
        } finally {
            read.unlock();
        }
    }

    /** Every topic with queues on some broker. */
    TopicList allTopics() {
        read.lock();
        try {
            return new TopicList(topics.keySet(), null);
        } finally {
            read.unlock();
        }
    }

    /** The topics with queues on a broker name of {@code cluster}. */
    TopicList topicsOfCluster(String cluster) {
        read.lock();
        try {
            Set<String> names = clusters.getOrDefault(cluster, Set.of());
            Set<String> result = new LinkedHashSet<>();
            topics.forEach(
                    (topic, queues) -> {
                        if (names.stream().anyMatch(queues::containsKey)) {
                            result.add(topic);
                        }
                    });
            return new TopicList(result, null);
        } finally {
            read.unlock();
        }
    }

    /**
     * The "system topics" in the reference's sense: every cluster name and every broker name (each
     * is a topic a broker creates for itself), with the address of some broker to ask about them.
     */
    TopicList systemTopics() {
        read.lock();
        try {
            Set<String> names = new LinkedHashSet<>();
            clusters.forEach(
                    (cluster, members) -> {
                        names.add(cluster);
                        names.addAll(members);
                    });
            String address = null;
            for (BrokerGroup group : brokers.values()) {
                if (!group.addresses.isEmpty()) {
                    address = group.addresses.firstEntry().getValue();
                    break;
                }
            }
            return new TopicList(names, address);
        } finally {
            read.unlock();
        }
    }

    /** Adds queues of {@code topic} on known broker names; queues of unknown ones are ignored. */
    void registerTopic(String topic, List<QueueData> queues) {
        write.lock();
        try {
            for (QueueData queue : queues) {
                if (brokers.containsKey(queue.brokerName())) {
                    topics.computeIfAbsent(topic, t -> new LinkedHashMap<>())
                            .put(queue.brokerName(), queue);
                }
            }
        } finally {
            write.unlock();
        }
    }

    /** Removes {@code topic} from every broker, or only from those of {@code cluster} if given. */
    void deleteTopic(String topic, String cluster) {
        write.lock();
        try {
            if (cluster == null || cluster.isEmpty()) {
                topics.remove(topic);
                state.mappings.removeTopic(topic);
                return;
            }
            Map<String, QueueData> queues = topics.get(topic);
            if (queues != null) {
                queues.keySet().removeAll(clusters.getOrDefault(cluster, Set.of()));
                if (queues.isEmpty()) {
                    topics.remove(topic);
                }
            }
        } finally {
            write.unlock();
        }
    }

    /**
     * Sets ({@code writable}) or clears the write permission of every queue on {@code brokerName};
     * returns how many topics it changed.
     */
    int setWritable(String brokerName, boolean writable) {
        write.lock();
        try {
            return state.setWritableLocked(brokerName, writable);
        } finally {
            write.unlock();
        }
    }
}
