package io.bolide.namesrv;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.QueueData;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicRouteData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Everything the name server knows: clusters and their broker names, the processes behind each
 * broker name, each topic's queues per broker name, and the live brokers with the time they were
 * last heard from.
 *
 * <pre>
 *   clusters : cluster    -> {brokerName}
 *   brokers  : brokerName -> BrokerGroup {cluster, brokerName, addresses {brokerId -> ip:port}}
 *   topics   : topic      -> {brokerName -> QueueData {read, write, perm, sysFlag}}
 *   live     : (cluster, ip:port) -> LiveBroker {brokerName, lastUpdate, dataVersion, connection}
 *   filters  : ip:port    -> [filter server]
 *   mappings : topic      -> {brokerName -> static-topic mapping info}
 * </pre>
 *
 * One read-write lock guards all of it ({@link RouteState}): route lookups (each client, each
 * topic, every 30 s) share the read lock; registrations and removals take the write lock. Results
 * are copies, never views. Topic listings and the admin commands that edit topics are in {@link
 * TopicCatalog}.
 */
final class RouteTable {
    private final RouteState state = new RouteState();
    private final TopicCatalog catalog = new TopicCatalog(state);
    private final Lock read = state.read;
    private final Lock write = state.write;
    private final Map<String, Set<String>> clusters = state.clusters;
    private final Map<String, BrokerGroup> brokers = state.brokers;
    private final Map<String, Map<String, QueueData>> topics = state.topics;
    private final Map<BrokerKey, LiveBroker> live = state.live;
    private final Map<String, List<String>> filters = state.filters;
    private final StaticMappings mappings = state.mappings;
    private final LongSupplier clock;
    private volatile long defaultTimeoutMillis;

    /**
     * @param clock milliseconds from an arbitrary origin, for broker expiry
     * @param defaultTimeoutMillis how long a broker may stay silent unless it says otherwise
     */
    RouteTable(LongSupplier clock, long defaultTimeoutMillis) {
        this.clock = clock;
        this.defaultTimeoutMillis = defaultTimeoutMillis;
    }

    /** Changes the silence allowed to brokers that register from now on without their own. */
    void defaultTimeoutMillis(long millis) {
        defaultTimeoutMillis = millis;
    }

    /**
     * Records a broker's registration: its group, its topics' queues, and its liveness. Queues come
     * from the master, or from the group's lowest-id slave while no master is registered (the
     * reference's "prime slave", so a group whose master is gone stays routable for consumers even
     * after a name server restart), and only when its topic table changed or for topics this broker
     * name did not serve yet. A slave learns its master's address and HA address.
     */
    RegisterResult register(Registration r) {
        write.lock();
        try {
            clusters.computeIfAbsent(r.cluster(), c -> new LinkedHashSet<>()).add(r.brokerName());
            BrokerGroup group =
                    brokers.computeIfAbsent(
                            r.brokerName(), n -> new BrokerGroup(r.cluster(), r.brokerName()));
            group.enableActingMaster = Boolean.TRUE.equals(r.enableActingMaster());
            if (r.zoneName() != null) {
                group.zoneName = r.zoneName();
            }
            boolean first = group.put(r.brokerId(), r.address());
            DataVersion version = r.topics() == null ? null : r.topics().dataVersion();
            boolean master = r.brokerId() == BrokerGroup.MASTER_ID;
            if (r.topics() != null) {
                putTopics(r, group, first || versionChanged(r.key(), version));
            }
            long timeout = r.timeoutMillis() == null ? defaultTimeoutMillis : r.timeoutMillis();
            live.put(
                    r.key(),
                    new LiveBroker(
                            r.brokerName(),
                            clock.getAsLong(),
                            timeout,
                            version,
                            r.connection(),
                            r.haServerAddr(),
                            r.advertised()));
            putFilters(r.address(), r.filterServers());
            return master ? RegisterResult.NONE : masterOf(r.cluster(), group);
        } finally {
            write.unlock();
        }
    }

    private void putTopics(Registration r, BrokerGroup group, boolean changed) {
        boolean master = r.brokerId() == BrokerGroup.MASTER_ID;
        // A broker older than 5.0 sends no enableActingMaster; the reference never lets such a
        // slave publish queues.
        boolean primeSlave =
                !master
                        && r.enableActingMaster() != null
                        && r.brokerId() == group.addresses.firstKey();
        if (!master && !primeSlave) {
            return;
        }
        boolean readOnly = primeSlave && group.enableActingMaster;
        for (TopicConfig topic : r.topics().topicConfigTable().values()) {
            if (topic != null && topic.topicName() != null) {
                putQueues(r.brokerName(), topic, changed, readOnly);
            }
        }
        if (changed) {
            mappings.put(r.brokerName(), r.topics().topicQueueMappingInfoMap());
        }
    }

    private void putQueues(
            String brokerName, TopicConfig topic, boolean changed, boolean readOnly) {
        Map<String, QueueData> queues =
                topics.computeIfAbsent(topic.topicName(), t -> new LinkedHashMap<>());
        if (changed || !queues.containsKey(brokerName)) {
            queues.put(
                    brokerName,
                    new QueueData(
                            brokerName,
                            topic.readQueueNums(),
                            topic.writeQueueNums(),
                            readOnly ? topic.perm() & ~RouteState.PERM_WRITE : topic.perm(),
                            topic.topicSysFlag()));
        }
    }

    private void putFilters(String address, List<String> servers) {
        if (servers == null || servers.isEmpty()) {
            filters.remove(address);
        } else {
            filters.put(address, List.copyOf(servers));
        }
    }

    /** The master's addresses, as the reference gives them: only while the master is live. */
    private RegisterResult masterOf(String cluster, BrokerGroup group) {
        String master = group.addresses.get(BrokerGroup.MASTER_ID);
        LiveBroker masterLive = master == null ? null : live.get(new BrokerKey(cluster, master));
        return masterLive == null
                ? RegisterResult.NONE
                : new RegisterResult(master, masterLive.haServerAddr);
    }

    /** The address of the process registered as {@code brokerId} of {@code brokerName}, or null. */
    String memberAddress(String brokerName, long brokerId) {
        read.lock();
        try {
            BrokerGroup group = brokers.get(brokerName);
            return group == null ? null : group.addresses.get(brokerId);
        } finally {
            read.unlock();
        }
    }

    /**
     * Removes a broker process: its liveness, its address in its group, and, when the group is left
     * empty, the group, its queues in every topic, and topics left without queues.
     */
    void unregister(String cluster, String address, String brokerName) {
        write.lock();
        try {
            remove(new BrokerKey(cluster, address), brokerName);
        } finally {
            write.unlock();
        }
    }

    private void remove(BrokerKey key, String brokerName) {
        live.remove(key);
        filters.remove(key.address());
        BrokerGroup group = brokers.get(brokerName);
        if (group == null) {
            return;
        }
        group.remove(key.address());
        if (!group.addresses.isEmpty()) {
            if (group.enableActingMaster && !group.addresses.containsKey(BrokerGroup.MASTER_ID)) {
                // Acting-master groups: slaves serve reads only until a master returns.
                state.setWritableLocked(brokerName, false);
            }
            return;
        }
        brokers.remove(brokerName);
        Set<String> names = clusters.get(group.cluster);
        if (names != null && names.remove(brokerName) && names.isEmpty()) {
            clusters.remove(group.cluster);
        }
        topics.values().removeIf(queues -> queues.remove(brokerName) != null && queues.isEmpty());
        mappings.removeBroker(brokerName);
    }

    /**
     * Removes the brokers silent for longer than they may be; returns them with the connection each
     * last registered over.
     */
    Map<BrokerKey, Object> expire() {
        long now = clock.getAsLong();
        return removeWhere(liveBroker -> liveBroker.expiredAt(now));
    }

    /** Removes the brokers that registered over {@code connection}, which has closed. */
    List<BrokerKey> connectionClosed(Object connection) {
        return new ArrayList<>(
                removeWhere(liveBroker -> liveBroker.connection == connection).keySet());
    }

    private Map<BrokerKey, Object> removeWhere(Predicate<LiveBroker> test) {
        Map<BrokerKey, Object> removed = new LinkedHashMap<>();
        write.lock();
        try {
            for (Map.Entry<BrokerKey, LiveBroker> entry : live.entrySet()) {
                if (test.test(entry.getValue())) {
                    removed.put(entry.getKey(), entry.getValue().connection);
                }
            }
            removed.keySet().forEach(key -> remove(key, live.get(key).brokerName));
        } finally {
            write.unlock();
        }
        return removed;
    }

    /** Marks a broker as heard from now; false when it is not registered. */
    boolean touch(String cluster, String address) {
        write.lock();
        try {
            LiveBroker broker = live.get(new BrokerKey(cluster, address));
            if (broker == null) {
                return false;
            }
            broker.lastUpdateMillis = clock.getAsLong();
            return true;
        } finally {
            write.unlock();
        }
    }

    /** Whether {@code version} differs from the topic-table version the broker last registered. */
    boolean versionChanged(String cluster, String address, DataVersion version) {
        read.lock();
        try {
            return versionChanged(new BrokerKey(cluster, address), version);
        } finally {
            read.unlock();
        }
    }

    private boolean versionChanged(BrokerKey key, DataVersion version) {
        LiveBroker broker = live.get(key);
        return broker == null || !Objects.equals(broker.dataVersion, version);
    }

    /** The topic-table version the broker last registered, or null. */
    DataVersion dataVersion(String cluster, String address) {
        read.lock();
        try {
            LiveBroker broker = live.get(new BrokerKey(cluster, address));
            return broker == null ? null : broker.dataVersion;
        } finally {
            read.unlock();
        }
    }

    /** The route of {@code topic}, or null when no live broker serves it. */
    TopicRouteData route(String topic) {
        return route(topic, "");
    }

    /**
     * The route of {@code topic} as clients of the named {@code listener} see it: each broker at
     * the address it advertised for that listener, else at its registered one.
     */
    TopicRouteData route(String topic, String listener) {
        read.lock();
        try {
            Map<String, QueueData> queues = topics.get(topic);
            if (queues == null || queues.isEmpty()) {
                return null;
            }
            List<BrokerData> groups = new ArrayList<>(queues.size());
            Map<String, List<String>> filterTable = new HashMap<>();
            for (String brokerName : queues.keySet()) {
                BrokerGroup group = brokers.get(brokerName);
                if (group != null) {
                    groups.add(snapshot(group, listener));
                    addFilters(group, filterTable);
                }
            }
            if (groups.isEmpty()) {
                return null;
            }
            List<QueueData> queueList = new ArrayList<>(queues.values());
            return new TopicRouteData(null, queueList, groups, filterTable, mappings.of(topic));
        } finally {
            read.unlock();
        }
    }

    private void addFilters(BrokerGroup group, Map<String, List<String>> filterTable) {
        for (String address : group.addresses.values()) {
            List<String> servers = filters.get(address);
            if (servers != null) {
                filterTable.put(address, servers);
            }
        }
    }

    /** A group's wire form for clients of {@code listener}; the caller holds the lock. */
    private BrokerData snapshot(BrokerGroup group, String listener) {
        if (listener.isEmpty()) {
            return group.snapshot();
        }
        return group.snapshot(
                address -> {
                    LiveBroker broker = live.get(new BrokerKey(group.cluster, address));
                    return broker == null ? address : broker.addressFor(listener, address);
                });
    }

    /** Every broker name with its addresses, and every cluster with its broker names. */
    ClusterInfo clusterInfo() {
        return clusterInfo("");
    }

    /** {@link #clusterInfo()} with the addresses clients of {@code listener} reach brokers at. */
    ClusterInfo clusterInfo(String listener) {
        read.lock();
        try {
            Map<String, BrokerData> groups = new LinkedHashMap<>();
            for (BrokerGroup group : brokers.values()) {
                groups.put(group.brokerName, snapshot(group, listener));
            }
            Map<String, Set<String>> names = new LinkedHashMap<>();
            clusters.forEach((cluster, members) -> names.put(cluster, Set.copyOf(members)));
            return new ClusterInfo(groups, names);
        } finally {
            read.unlock();
        }
    }

    /** The topic listings and the admin edits of topics, over the same data and lock. */
    TopicCatalog catalog() {
        return catalog;
    }

    /** How many brokers are registered and alive (the metrics endpoint). */
    int liveBrokers() {
        read.lock();
        try {
            return live.size();
        } finally {
            read.unlock();
        }
    }
}
