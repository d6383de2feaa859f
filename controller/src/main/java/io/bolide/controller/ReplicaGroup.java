package io.bolide.controller;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One broker group (cluster + broker name) as the controller keeps it: its replicas by broker id,
 * the master and the epoch of its term, the SyncStateSet and its epoch. Mutated only by {@link
 * ControllerState} while it holds its lock.
 */
final class ReplicaGroup {
    private final String cluster;
    private final String brokerName;
    private final Map<Long, Replica> replicas = new TreeMap<>();
    private final Set<Long> syncStateSet = new TreeSet<>();
    private Long master;
    private int masterEpoch;
    private int syncStateSetEpoch;

    ReplicaGroup(String cluster, String brokerName) {
        this.cluster = cluster;
        this.brokerName = brokerName;
    }

    /** A registered replica: its address (null until it registers) and its id claim's code. */
    record Replica(String address, String checkCode) {}

    String cluster() {
        return cluster;
    }

    String brokerName() {
        return brokerName;
    }

    Map<Long, Replica> replicas() {
        return Collections.unmodifiableMap(replicas);
    }

    boolean has(long brokerId) {
        return replicas.containsKey(brokerId);
    }

    String address(Long brokerId) {
        Replica replica = brokerId == null ? null : replicas.get(brokerId);
        return replica == null ? null : replica.address();
    }

    String checkCode(long brokerId) {
        Replica replica = replicas.get(brokerId);
        return replica == null ? null : replica.checkCode();
    }

    /** The id a new replica would get: one past the highest so far (ids start at 1). */
    long nextBrokerId() {
        return replicas.isEmpty() ? 1 : ((TreeMap<Long, Replica>) replicas).lastKey() + 1;
    }

    Long master() {
        return master;
    }

    int masterEpoch() {
        return masterEpoch;
    }

    Set<Long> syncStateSet() {
        return Collections.unmodifiableSet(syncStateSet);
    }

    int syncStateSetEpoch() {
        return syncStateSetEpoch;
    }

    /** No master has ever been elected: the first one is whoever asks. */
    boolean neverElected() {
        return masterEpoch == 0;
    }

    void putReplica(long brokerId, String address, String checkCode) {
        replicas.put(brokerId, new Replica(address, checkCode));
    }

    void updateAddress(long brokerId, String address) {
        Replica old = replicas.get(brokerId);
        if (old != null) {
            replicas.put(brokerId, new Replica(address, old.checkCode()));
        }
    }

    void removeReplica(long brokerId) {
        replicas.remove(brokerId);
        syncStateSet.remove(brokerId);
        if (master != null && master == brokerId) {
            master = null;
        }
    }

    /** A new term: {@code newMaster} (or nobody) leads, alone in the SyncStateSet if anybody. */
    void elect(Long newMaster) {
        master = newMaster;
        masterEpoch++;
        if (newMaster != null) {
            replaceSyncStateSet(Set.of(newMaster));
        }
    }

    void replaceSyncStateSet(Set<Long> members) {
        syncStateSet.clear();
        syncStateSet.addAll(members);
        syncStateSetEpoch++;
    }

    void write(DataOutput out) throws IOException {
        out.writeUTF(cluster);
        out.writeUTF(brokerName);
        out.writeInt(replicas.size());
        for (Map.Entry<Long, Replica> e : replicas.entrySet()) {
            out.writeLong(e.getKey());
            EventCodec.writeNullable(e.getValue().address(), out);
            EventCodec.writeNullable(e.getValue().checkCode(), out);
        }
        out.writeLong(master == null ? -1 : master);
        out.writeInt(masterEpoch);
        EventCodec.writeIds(syncStateSet, out);
        out.writeInt(syncStateSetEpoch);
    }

    static ReplicaGroup read(DataInput in) throws IOException {
        ReplicaGroup group = new ReplicaGroup(in.readUTF(), in.readUTF());
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            long id = in.readLong();
            group.putReplica(id, EventCodec.readNullable(in), EventCodec.readNullable(in));
        }
        long master = in.readLong();
        group.master = master < 0 ? null : master;
        group.masterEpoch = in.readInt();
        group.syncStateSet.addAll(EventCodec.readIds(in));
        group.syncStateSetEpoch = in.readInt();
        return group;
    }
}
