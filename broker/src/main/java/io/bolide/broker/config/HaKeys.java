package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * Classic replication's keys (docs/replication.md): the HA port and link timings, and what a
 * SYNC_MASTER send waits for; declared here and tabled in {@link BrokerConfigKeys}.
 */
final class HaKeys {
    static final Key<Integer> HA_LISTEN_PORT =
            Key.ofInt(
                    "haListenPort",
                    0,
                    0,
                    65535,
                    "a master's replication (HA) port; 0 = listenPort + 1 (any free"
                            + " port when listenPort is 0)");

    static final Key<String> HA_MASTER_ADDRESS =
            Key.ofString(
                    "haMasterAddress",
                    "",
                    "a slave's master HA address host:port; empty = learn it from the"
                            + " name server's registration answer");

    static final Key<Integer> HA_SEND_HEARTBEAT_INTERVAL =
            Key.ofInt(
                    "haSendHeartbeatInterval",
                    5000,
                    1,
                    3_600_000,
                    "ms between a slave's offset reports (and a master's idle"
                            + " heartbeats) on the HA link");

    static final Key<Integer> HA_HOUSEKEEPING_INTERVAL =
            Key.ofInt(
                    "haHousekeepingInterval",
                    20_000,
                    1,
                    3_600_000,
                    "ms of silence after which either end closes the HA link");

    static final Key<Integer> HA_TRANSFER_BATCH_SIZE =
            Key.ofInt(
                    "haTransferBatchSize",
                    32 * 1024,
                    1024,
                    64 << 20,
                    "most commit-log bytes a master sends in one HA transfer");

    static final Key<Integer> HA_MAX_GAP_NOT_IN_SYNC =
            Key.ofInt(
                    "haMaxGapNotInSync",
                    256 * 1024 * 1024,
                    0,
                    Integer.MAX_VALUE,
                    "bytes a slave may lag before a SYNC_MASTER answers"
                            + " SLAVE_NOT_AVAILABLE instead of waiting for it");

    static final Key<Long> SYNC_FLUSH_TIMEOUT =
            Key.ofLong(
                    "syncFlushTimeout",
                    5000,
                    1,
                    600_000,
                    "ms a SYNC_MASTER send waits for a slave before it is answered"
                            + " FLUSH_SLAVE_TIMEOUT");

    private HaKeys() {}
}
