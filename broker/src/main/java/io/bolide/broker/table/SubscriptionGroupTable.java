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
 * heartbeats without one gets the defaults while auto-creation is on.
 */
public final class SubscriptionGroupTable {
    private final ConcurrentHashMap<String, SubscriptionGroupConfig> groups =
            new ConcurrentHashMap<>(64);
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

    /** The table as admin tools read it. */
    public SubscriptionGroupWrapper snapshot() {
        return new SubscriptionGroupWrapper(new TreeMap<>(groups), Map.of(), version);
    }

    DataVersion version() {
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
