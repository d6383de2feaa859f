package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * Controller mode's replication keys (docs/replication.md section 8), declared here and tabled in
 * {@link BrokerConfigKeys}. They act on a broker whose role a controller sets (epoch-aware HA).
 */
final class ControllerKeys {
    static final Key<Boolean> ALL_ACK_IN_SYNC_STATE_SET =
            Key.ofBoolean(
                    "allAckInSyncStateSet",
                    false,
                    "controller mode: a SYNC send waits for every in-sync slave, not one");

    static final Key<Integer> MIN_IN_SYNC_REPLICAS =
            Key.ofInt(
                    "minInSyncReplicas",
                    1,
                    1,
                    64,
                    "controller mode: replicas (the master included) that must be in sync for a"
                            + " send to be stored");

    private ControllerKeys() {}
}
