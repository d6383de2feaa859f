package io.bolide.protocol.body;

import java.util.List;

/**
 * The body of a GET_BROKER_HA_STATUS (907) answer, broker to {@code mqadmin haStatus}: replication
 * as one broker sees it. A master fills its end, its in-sync count and one entry per linked slave;
 * a slave fills {@code haClientRuntimeInfo}. The other side's fields stay at their zero values, as
 * the reference's do (its body always carries both).
 *
 * @param master whether this broker is a master
 * @param masterCommitLogMaxOffset a master's commit-log end (0 on a slave)
 * @param inSyncSlaveNums how many linked slaves trail the end by less than haMaxGapNotInSync
 * @param haConnectionInfo a master's slaves, one per HA link
 * @param haClientRuntimeInfo a slave's link to its master
 */
public record HARuntimeInfo(
        boolean master,
        long masterCommitLogMaxOffset,
        int inSyncSlaveNums,
        List<HARuntimeInfo.ConnectionInfo> haConnectionInfo,
        HARuntimeInfo.ClientInfo haClientRuntimeInfo) {

    /** Copies the list, null becoming empty; a null client becomes the zero one. */
    public HARuntimeInfo {
        haConnectionInfo = haConnectionInfo == null ? List.of() : List.copyOf(haConnectionInfo);
        haClientRuntimeInfo =
                haClientRuntimeInfo == null
                        ? new ClientInfo(null, 0, 0, 0, 0, 0)
                        : haClientRuntimeInfo;
    }

    /**
     * One slave's link, as its master sees it.
     *
     * @param addr the slave's {@code ip:port} on the HA link
     * @param slaveAckOffset the offset it last reported holding (-1 before its first report)
     * @param diff how many bytes its acknowledgement trails the master's end
     * @param inSync whether it trails by less than haMaxGapNotInSync
     * @param transferredByteInSecond commit-log bytes sent to it in the last whole second
     * @param transferFromWhere the offset the master sends from next
     */
    public record ConnectionInfo(
            String addr,
            long slaveAckOffset,
            long diff,
            boolean inSync,
            long transferredByteInSecond,
            long transferFromWhere) {}

    /**
     * A slave's link to its master.
     *
     * @param masterAddr the master's HA address it follows ({@code host:port}), null while unknown
     * @param transferredByteInSecond commit-log bytes appended from the master in the last second
     * @param maxOffset this slave's commit-log end
     * @param lastReadTimestamp when it last read from the master (epoch millis, 0 never)
     * @param lastWriteTimestamp when it last reported its offset (epoch millis, 0 never)
     * @param masterFlushOffset the master's flushed offset as the slave was told it (0: not told)
     */
    public record ClientInfo(
            String masterAddr,
            long transferredByteInSecond,
            long maxOffset,
            long lastReadTimestamp,
            long lastWriteTimestamp,
            long masterFlushOffset) {}
}
