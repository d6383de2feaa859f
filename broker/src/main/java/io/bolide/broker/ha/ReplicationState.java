package io.bolide.broker.ha;

import java.util.List;

/**
 * A snapshot of replication as one broker sees it, for the name-server registration, admin codes
 * and metrics.
 *
 * @param role "master" or "slave"
 * @param commitLogEnd this broker's commit-log end (max physical offset)
 * @param haPort the port the master's HA listener is bound to (0 on a slave)
 * @param masterHaAddress the master a slave follows (null on a master, or while unknown)
 * @param connected on a slave: whether its link to the master is up
 * @param slaves on a master: one entry per connected slave
 */
public record ReplicationState(
        String role,
        long commitLogEnd,
        int haPort,
        String masterHaAddress,
        boolean connected,
        List<Slave> slaves) {

    /**
     * One connected slave.
     *
     * @param address its remote address
     * @param ackedOffset the last offset it reported holding
     * @param bytesBehind how far its acknowledgement trails this master's end
     */
    public record Slave(String address, long ackedOffset, long bytesBehind) {}

    /** The largest offset any slave acknowledged, or -1 with none connected. */
    public long maxAckedOffset() {
        long max = -1;
        for (Slave slave : slaves) {
            max = Math.max(max, slave.ackedOffset());
        }
        return max;
    }
}
