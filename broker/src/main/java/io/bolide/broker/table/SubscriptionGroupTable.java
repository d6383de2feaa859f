package io.bolide.broker.table;

import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Consumer group settings ({@code SubscriptionGroupConfig}) by group name, persisted as RocketMQ's
 * {@code config/subscriptionGroup.json}. Admin tools create, list and delete them; a group that
 * heartbeats without one gets the defaults while auto-creation is on. Beside the settings it keeps
 * the reference's forbidden table (group → topic → permission bits, persisted in the same file as
 * {@code forbiddenTable}): a group forbidden to read a topic is refused its pulls and POPs of it.
 */
public final class SubscriptionGroupTable {
    private final ConcurrentHashMap<String, SubscriptionGroupConfig> groups =
            new ConcurrentHashMap<>(64);

    /** group → topic → forbidden permission bits ({@link Perm#READ} for read forbidding). */
    private final ConcurrentHashMap<String, ConcurrentHashMap<String, Integer>> forbidden =
            new ConcurrentHashMap<>();

    private final JsonFile file;
    private final BooleanSupplier autoCreate;
    private final Object versionLock = new Object();
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);
    private volatile boolean dirty;

    /**
     * @param autoCreate read on every heartbeat, so the setting can change while the broker runs
     */
    public SubscriptionGroupTable(JsonFile file, BooleanSupplier autoCreate) {
        this.file = file;
        this.autoCreate = autoCreate;
    }

    public void load() throws IOException {
        SubscriptionGroupWrapper saved = file.read(SubscriptionGroupWrapper.class);
        if (saved == null) {
            return;
        }
        groups.putAll(saved.subscriptionGroupTable());
        saved.forbiddenTable()
                .forEach((group, topics) -> forbidden.put(group, new ConcurrentHashMap<>(topics)));
        if (saved.dataVersion() != null) {
            version = saved.dataVersion();
        }
    }

    /** Writes the table if it changed since the last write. */
    public void persist() throws IOException {
        if (dirty) {
            dirty = false;
            file.write(snapshot());
        }
    }

    public SubscriptionGroupConfig get(String group) {
        return groups.get(group);
    }

    /** Creates or replaces a group's settings. */
    public void put(SubscriptionGroupConfig config) {
        groups.put(config.groupName(), config);
        changed();
    }

    /** Removes a group's settings; returns whether there were any. */
    public boolean remove(String group) {
        if (groups.remove(group) == null) {
            return false;
        }
        changed();
        return true;
    }

    /**
     * A group's settings as a request from one of its clients finds them: an unknown group gets the
     * defaults while auto-creation is on (as the reference's lookup does), else null.
     */
    public SubscriptionGroupConfig find(String group) {
        SubscriptionGroupConfig config = groups.get(group);
        if (config == null && autoCreate.getAsBoolean()) {
            seen(group);
            config = groups.get(group);
        }
        return config;
    }

    /** Called for each group a client heartbeats: gives an unknown group the defaults. */
    public void seen(String group) {
        if (groups.containsKey(group) || !autoCreate.getAsBoolean()) {
            return;
        }
        if (groups.putIfAbsent(group, SubscriptionGroupConfig.builder(group).build()) == null) {
            changed();
        }
    }

    /**
     * A slave's copy of its master's table: groups the master lacks go, the master's replace ours,
     * the version becomes the master's, and the next {@link #persist()} writes it.
     */
    public void replaceAll(SubscriptionGroupWrapper master) {
        Map<String, SubscriptionGroupConfig> table = master.subscriptionGroupTable();
        groups.keySet().retainAll(table.keySet());
        groups.putAll(table);
        forbidden.clear();
        master.forbiddenTable()
                .forEach((group, topics) -> forbidden.put(group, new ConcurrentHashMap<>(topics)));
        synchronized (versionLock) {
            version = master.dataVersion();
        }
        dirty = true;
    }

    /** The table as admin tools read it. */
    public SubscriptionGroupWrapper snapshot() {
        Map<String, Map<String, Integer>> bits = new TreeMap<>();
        forbidden.forEach((group, topics) -> bits.put(group, new TreeMap<>(topics)));
        return new SubscriptionGroupWrapper(new TreeMap<>(groups), bits, version);
    }

    /** Whether {@code group} is forbidden to read {@code topic}. */
    public boolean readForbidden(String group, String topic) {
        Map<String, Integer> topics = forbidden.get(group);
        Integer bits = topics == null ? null : topics.get(topic);
        return bits != null && (bits & Perm.READ) != 0;
    }

    /**
     * Forbids {@code group} to read {@code topic}, or lifts that; a topic left with no forbidden
     * bit is dropped from the table, as the reference does.
     */
    public synchronized void forbidRead(String group, String topic, boolean forbid) {
        ConcurrentHashMap<String, Integer> topics =
                forbidden.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        int before = topics.getOrDefault(topic, 0);
        int after = forbid ? before | Perm.READ : before & ~Perm.READ;
        if (after == 0) {
            topics.remove(topic);
            if (topics.isEmpty()) {
                forbidden.remove(group);
            }
        } else {
            topics.put(topic, after);
        }
        if (after != before) {
            changed();
        }
    }

    public DataVersion version() {
        return version;
    }

    private void changed() {
        synchronized (versionLock) {
            DataVersion v = version;
            version =
                    new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        }
        dirty = true;
    }
}
