package io.bolide.broker.table;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.message.NameRules;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The broker's topics and the version stamp name servers compare. Changes are announced to a
 * listener, which persists and registers them off the request path and says when the name servers
 * have the change; reads are lock-free.
 */
public final class TopicTable {
    /** Topics the reference broker keeps that clients or tools send to. */
    public static final String SELF_TEST_TOPIC = "SELF_TEST_TOPIC";

    private final ConcurrentHashMap<String, TopicConfig> topics = new ConcurrentHashMap<>(64);
    private final JsonFile file;
    private final QueueMappings mappings;
    private final Object versionLock = new Object();
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private volatile Function<TopicConfig, CompletableFuture<Void>> listener = t -> DONE;

    /** A table persisted to {@code file}, its static-topic mappings beside it. */
    public TopicTable(JsonFile file) {
        this.file = file;
        this.mappings =
                new QueueMappings(
                        new JsonFile(file.path().resolveSibling("topicQueueMapping.json")));
    }

    /** The static-topic mappings (#38); empty on a broker that serves none. */
    public QueueMappings mappings() {
        return mappings;
    }

    /** Loads the persisted table, then adds the built-in topics this configuration wants. */
    public void load(BrokerConfig config) throws IOException {
        mappings.load();
        TopicConfigSerializeWrapper saved = file.read(TopicConfigSerializeWrapper.class);
        if (saved != null) {
            topics.putAll(saved.topicConfigTable());
            if (saved.dataVersion() != null) {
                version = saved.dataVersion();
            }
        }
        int perm = Perm.READ | Perm.WRITE;
        if (config.autoCreateTopicEnable()) {
            int queues = config.defaultTopicQueueNums();
            putBuiltIn(NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC, queues, perm | Perm.INHERIT);
        } else {
            topics.remove(NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC);
        }
        putBuiltIn(SELF_TEST_TOPIC, 1, perm);
        putBuiltIn(config.brokerClusterName(), 16, perm);
        putBuiltIn(config.brokerName(), 1, perm);
        // Where request-reply stores replies (#38), one queue as in the reference.
        putBuiltIn(replyTopic(config.brokerClusterName()), 1, perm);
        if (config.traceTopicEnable()) {
            putBuiltIn(config.msgTraceTopicName(), 1, perm);
        }
    }

    /**
     * Applies autoCreateTopicEnable, defaultTopicQueueNums and traceTopicEnable / msgTraceTopicName
     * changed while the broker runs, each change registered with the name servers: with auto
     * creation on, TBW102 has defaultTopicQueueNums queues and the inherit bit; turned off, TBW102
     * loses the inherit bit (as the reference's send path strips it), so a send to an unknown topic
     * is refused TOPIC_NOT_EXIST; the trace topic is created once traceTopicEnable is on.
     */
    public void builtInsChanged(BrokerConfig config) {
        int perm = Perm.READ | Perm.WRITE;
        String auto = NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC;
        TopicConfig template = topics.get(auto);
        if (config.autoCreateTopicEnable()) {
            int queues = config.defaultTopicQueueNums();
            if (template == null
                    || template.perm() != (perm | Perm.INHERIT)
                    || template.writeQueueNums() != queues
                    || template.readQueueNums() != queues) {
                put(config(auto, queues, perm | Perm.INHERIT));
            }
        } else if (template != null && Perm.inherits(template.perm())) {
            put(config(auto, template.writeQueueNums(), perm));
        }
        if (config.traceTopicEnable()) {
            createIfAbsent(config(config.msgTraceTopicName(), 1, perm));
        }
    }

    /** The topic a cluster's replies go to: {@code <cluster>_REPLY_TOPIC}. */
    public static String replyTopic(String cluster) {
        return cluster + "_REPLY_TOPIC";
    }

    private void putBuiltIn(String name, int queues, int perm) {
        TopicConfig existing = topics.get(name);
        if (existing == null || existing.perm() != perm) {
            topics.put(name, config(name, queues, perm));
            bumpVersion();
        }
    }

    /**
     * Receives each created or updated topic (null for a deletion) and answers a future that
     * completes once the name servers know the change (or gave up trying).
     */
    public void onChange(Function<TopicConfig, CompletableFuture<Void>> changeListener) {
        listener = changeListener;
    }

    public TopicConfig get(String topic) {
        return topics.get(topic);
    }

    public Map<String, TopicConfig> all() {
        return topics;
    }

    public DataVersion version() {
        return version;
    }

    /**
     * Creates or replaces {@code topic}; the future completes once the name servers route it (or
     * the registration gave up), so an admin answered after it can send to the topic at once.
     */
    public CompletableFuture<Void> put(TopicConfig topic) {
        topics.put(topic.topicName(), topic);
        bumpVersion();
        return listener.apply(topic);
    }

    /**
     * Announces the whole table again under a new version, as after a change every topic is routed
     * by (brokerPermission changed live); completes as {@link #put} does.
     */
    public CompletableFuture<Void> reannounce() {
        bumpVersion();
        return listener.apply(null);
    }

    /** Removes {@code topic}; returns whether it existed. */
    public boolean remove(String topic) {
        if (topics.remove(topic) == null) {
            return false;
        }
        bumpVersion();
        listener.apply(null);
        return true;
    }

    /**
     * The topic, created from {@code templateName} when unknown and the template exists with the
     * inherit bit: {@code min(queueNums, template write queues)} queues, the template's perm
     * without inherit. Null when the topic neither exists nor can be created.
     */
    public TopicConfig getOrCreate(String topic, String templateName, int queueNums) {
        TopicConfig existing = topics.get(topic);
        if (existing != null || templateName == null) {
            return existing;
        }
        TopicConfig template = topics.get(templateName);
        if (template == null || !Perm.inherits(template.perm())) {
            return null;
        }
        int queues = Math.max(1, Math.min(queueNums, template.writeQueueNums()));
        TopicConfig created =
                TopicConfig.builder(topic)
                        .readQueueNums(queues)
                        .writeQueueNums(queues)
                        .perm(template.perm() & ~Perm.INHERIT)
                        .topicFilterType(template.topicFilterType())
                        .topicSysFlag(template.topicSysFlag())
                        .build();
        return createIfAbsent(created);
    }

    /** Adds {@code topic} unless one of that name exists; returns the one in the table. */
    public TopicConfig createIfAbsent(TopicConfig topic) {
        TopicConfig raced = topics.putIfAbsent(topic.topicName(), topic);
        if (raced != null) {
            return raced;
        }
        bumpVersion();
        listener.apply(topic);
        return topic;
    }

    /**
     * A slave's copy of its master's table: topics the master lacks go, the master's replace ours,
     * and the version becomes the master's. Nobody is told (the slave's next periodic registration
     * carries the table); the caller persists.
     */
    public void replaceAll(TopicConfigSerializeWrapper master) {
        Map<String, TopicConfig> table = master.topicConfigTable();
        topics.keySet().retainAll(table.keySet());
        topics.putAll(table);
        synchronized (versionLock) {
            version = master.dataVersion();
        }
    }

    /** The table as sent to name servers and admin tools. */
    public TopicConfigSerializeWrapper snapshot() {
        // The version first: a change bumps it after its put, so every change the version counts
        // is in the copy (a later one may be too; its own registration carries it again).
        DataVersion stamp = version;
        if (mappings.isEmpty()) {
            return new TopicConfigSerializeWrapper(new TreeMap<>(topics), stamp, null, null, null);
        }
        // Static topics (#38): the route form of each mapping goes with the table, as the
        // reference's registration carries it.
        return new TopicConfigSerializeWrapper(
                new TreeMap<>(topics), stamp, mappings.version(), mappings.infos(null), null);
    }

    public void persist() throws IOException {
        file.write(
                new TopicConfigSerializeWrapper(new TreeMap<>(topics), version, null, null, null));
    }

    private void bumpVersion() {
        synchronized (versionLock) {
            DataVersion v = version;
            version =
                    new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        }
    }

    public static TopicConfig config(String name, int queues, int perm) {
        return TopicConfig.builder(name)
                .readQueueNums(queues)
                .writeQueueNums(queues)
                .perm(perm)
                .build();
    }
}
