package io.bolide.controller;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every broker group the controller knows, by broker name: the replicated state machine's state.
 * Events change it in raft log order (on jraft's state-machine thread); decisions and reads look at
 * it from request threads. One lock covers both, so a decision sees no half-applied event.
 */
final class ControllerState {
    private final Map<String, ReplicaGroup> groups = new TreeMap<>();

    /** Runs {@code reader} with the state held still; it must not keep references to groups. */
    synchronized <T> T read(Function<ControllerState, T> reader) {
        return reader.apply(this);
    }

    /** The group called {@code brokerName}, or null; only inside {@link #read}. */
    ReplicaGroup group(String brokerName) {
        return groups.get(brokerName);
    }

    /** Every group; only inside {@link #read}. */
    Map<String, ReplicaGroup> groups() {
        return groups;
    }

    /** Applies {@code event}; false when a conditional event was decided on an older state. */
    synchronized boolean apply(Event event) {
        ReplicaGroup group = groups.get(event.brokerName());
        if (event instanceof Event.ApplyBrokerId e) {
            groups.computeIfAbsent(e.brokerName(), name -> new ReplicaGroup(e.cluster(), name))
                    .putReplica(e.brokerId(), null, e.checkCode());
            return true;
        }
        if (group == null) {
            return false;
        }
        if (event instanceof Event.UpdateAddress e) {
            group.updateAddress(e.brokerId(), e.address());
            return true;
        }
        if (event instanceof Event.ElectMaster e) {
            if (group.masterEpoch() != e.expectedMasterEpoch()) {
                return false;
            }
            group.elect(e.newMaster());
            return true;
        }
        if (event instanceof Event.AlterSyncStateSet e) {
            if (group.syncStateSetEpoch() != e.expectedSyncStateSetEpoch()) {
                return false;
            }
            group.replaceSyncStateSet(e.syncStateSet());
            return true;
        }
        return clean(group, (Event.CleanBrokerData) event);
    }

    private boolean clean(ReplicaGroup group, Event.CleanBrokerData event) {
        if (event.brokerIds().isEmpty()) {
            groups.remove(group.brokerName());
            return true;
        }
        event.brokerIds().forEach(group::removeReplica);
        if (group.replicas().isEmpty()) {
            groups.remove(group.brokerName());
        }
        return true;
    }

    synchronized void write(DataOutput out) throws IOException {
        out.writeInt(groups.size());
        for (ReplicaGroup group : groups.values()) {
            group.write(out);
        }
    }

    /** Replaces the whole state with the one {@link #write} wrote. */
    synchronized void readFrom(DataInput in) throws IOException {
        groups.clear();
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            ReplicaGroup group = ReplicaGroup.read(in);
            groups.put(group.brokerName(), group);
        }
    }
}
