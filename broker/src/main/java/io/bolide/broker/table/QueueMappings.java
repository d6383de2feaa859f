package io.bolide.broker.table;

import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import io.bolide.protocol.body.TopicQueueMappingSerializeWrapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The broker's static-topic mappings (#38): for each static topic, which stretches of which logic
 * queues this broker holds. Persisted beside the topic table in the reference's file form; reads
 * are lock-free, changes are rare (an operator's updateStaticTopic or remappingStaticTopic).
 */
public final class QueueMappings {
    private final ConcurrentHashMap<String, TopicQueueMappingDetail> mappings =
            new ConcurrentHashMap<>();
    private final JsonFile file;
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);
    private volatile PeerBrokers peers = PeerBrokers.none();

    QueueMappings(JsonFile file) {
        this.file = file;
    }

    /** Mappings kept in memory only: for parts run without a broker's config directory. */
    public static QueueMappings inMemory() {
        return new QueueMappings(null);
    }

    void load() throws IOException {
        if (file == null) {
            return;
        }
        TopicQueueMappingSerializeWrapper saved =
                file.read(TopicQueueMappingSerializeWrapper.class);
        if (saved != null) {
            mappings.putAll(saved.topicQueueMappingInfoMap());
            if (saved.dataVersion() != null) {
                version = saved.dataVersion();
            }
        }
    }

    /** The brokers holding stretches this one does not: where reads of them are forwarded. */
    public PeerBrokers peers() {
        return peers;
    }

    /** Sets where reads of stretches on other brokers go (at start). */
    public void peers(PeerBrokers brokers) {
        this.peers = brokers;
    }

    /** The mapping of {@code topic}, or null for an ordinary topic. */
    public TopicQueueMappingDetail get(String topic) {
        return mappings.get(topic);
    }

    public boolean isEmpty() {
        return mappings.isEmpty();
    }

    public DataVersion version() {
        return version;
    }

    /**
     * Stores {@code detail} unless it would go back: a smaller epoch than the stored one, another
     * scope, or stretches whose offsets do not follow each other. Returns the refusal, or null once
     * stored and persisted. {@code force} skips the epoch check, as the reference's flag does.
     */
    public synchronized String update(TopicQueueMappingDetail detail, boolean force)
            throws IOException {
        String problem = problem(detail);
        if (problem != null) {
            return problem;
        }
        TopicQueueMappingDetail old = mappings.get(detail.topic());
        if (old != null && !force) {
            if (detail.epoch() < old.epoch()) {
                return "Can't accept data with small epoch " + detail.epoch() + " < " + old.epoch();
            }
            if (!old.scope().equals(detail.scope())) {
                return "Can't accept data with unmatched scope "
                        + old.scope()
                        + " != "
                        + detail.scope();
            }
        }
        mappings.put(detail.topic(), detail);
        DataVersion v = version;
        version = new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        persist();
        return null;
    }

    private static String problem(TopicQueueMappingDetail detail) {
        if (detail.topic() == null || detail.bname() == null) {
            return "the mapping names no topic or no broker";
        }
        if (detail.hostedQueues() == null) {
            return null;
        }
        for (Map.Entry<Integer, List<LogicQueueMappingItem>> e : detail.hostedQueues().entrySet()) {
            int logicId = e.getKey();
            if (logicId < 0 || logicId >= detail.totalQueues()) {
                return "logic queue " + logicId + " is outside 0.." + (detail.totalQueues() - 1);
            }
            List<LogicQueueMappingItem> items = e.getValue();
            if (items == null || items.isEmpty()) {
                return "logic queue " + logicId + " has no mapping items";
            }
            for (int i = 1; i < items.size(); i++) {
                LogicQueueMappingItem before = items.get(i - 1);
                LogicQueueMappingItem after = items.get(i);
                if (after.logicOffset() >= 0 && before.logicOffset() > after.logicOffset()) {
                    return "logic queue " + logicId + " has items out of offset order";
                }
            }
        }
        return null;
    }

    /** Removes the mapping of a deleted topic. */
    public synchronized void remove(String topic) throws IOException {
        if (mappings.remove(topic) != null) {
            DataVersion v = version;
            version =
                    new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
            persist();
        }
    }

    /** Every mapping, in the detail form. */
    public Map<String, TopicQueueMappingDetail> details() {
        return new TreeMap<>(mappings);
    }

    /** The route form of the named topics' mappings (all when {@code topics} is null). */
    public Map<String, Object> infos(Iterable<String> topics) {
        Map<String, Object> infos = new HashMap<>();
        if (topics == null) {
            mappings.forEach((topic, detail) -> infos.put(topic, detail.asInfo()));
            return infos;
        }
        for (String topic : topics) {
            TopicQueueMappingDetail detail = mappings.get(topic);
            if (detail != null) {
                infos.put(topic, detail.asInfo());
            }
        }
        return infos;
    }

    synchronized void persist() throws IOException {
        if (file == null) {
            return;
        }
        file.write(new TopicQueueMappingSerializeWrapper(new TreeMap<>(mappings), version));
    }
}
