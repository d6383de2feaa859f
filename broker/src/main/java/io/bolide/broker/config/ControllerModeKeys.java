package io.bolide.broker.config;

import io.bolide.broker.controller.ControllerSettings;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.nio.file.Path;

/**
 * Controller mode's keys, the reference's names (docs/controller.md): whether a controller sets
 * this broker's id and role, where the controllers are and how often the broker talks to them.
 * Declared into {@link BrokerConfigKeys} and read back as {@link ControllerSettings}.
 */
public final class ControllerModeKeys {
    private static final long HOUR_MS = 3_600_000;

    private static final Key<Boolean> ENABLE_CONTROLLER_MODE =
            Key.ofBoolean(
                    "enableControllerMode",
                    false,
                    "a controller (controllerAddr) assigns this broker's id and role"
                            + " and elects a new master when the master dies;"
                            + " brokerId and brokerRole are then ignored");

    private static final Key<String> CONTROLLER_ADDR =
            Key.ofString(
                    "controllerAddr",
                    "",
                    "controller mode: the controllers, host:port;host:port (their"
                            + " jRaftControllerRPCAddr entries)");

    private static final Key<Boolean> FETCH_CONTROLLER_ADDR_BY_DNS_LOOKUP =
            Key.ofBoolean(
                    "fetchControllerAddrByDnsLookup",
                    false,
                    "controller mode: controllerAddr is one host:port whose name"
                            + " resolves to every controller");

    private static final Key<Long> SYNC_BROKER_METADATA_PERIOD =
            period(
                    "syncBrokerMetadataPeriod",
                    5000,
                    "between two asks for the group's master and SyncStateSet");

    private static final Key<Long> CHECK_SYNC_STATE_SET_PERIOD =
            period(
                    "checkSyncStateSetPeriod",
                    5000,
                    "between a master's checks of which slaves are in sync");

    private static final Key<Long> SYNC_CONTROLLER_METADATA_PERIOD =
            period(
                    "syncControllerMetadataPeriod",
                    10_000,
                    "between two asks for the controllers' leader");

    private static final Key<Long> CONTROLLER_HEART_BEAT_TIMEOUT_MILLS =
            period(
                    "controllerHeartBeatTimeoutMills",
                    10_000,
                    "without a heartbeat after which the controller counts this" + " broker dead");

    private static final Key<Integer> BROKER_HEARTBEAT_INTERVAL =
            Key.ofInt(
                    "brokerHeartbeatInterval",
                    1000,
                    10,
                    600_000,
                    "controller mode: ms between two heartbeats to the controller");

    private static final Key<Integer> BROKER_ELECTION_PRIORITY =
            Key.ofInt(
                    "brokerElectionPriority",
                    Integer.MAX_VALUE,
                    Integer.MIN_VALUE,
                    Integer.MAX_VALUE,
                    "controller mode: among equally fit replicas the lowest value is"
                            + " elected first");

    private static final Key<Long> HA_MAX_TIME_SLAVE_NOT_CATCHUP =
            period(
                    "haMaxTimeSlaveNotCatchup",
                    15_000,
                    "a slave may stay behind before its master drops it from the"
                            + " SyncStateSet");

    private static final Key<String> STORE_PATH_BROKER_IDENTITY =
            Key.ofString(
                    "storePathBrokerIdentity",
                    "",
                    "controller mode: the file keeping the id the controller gave"
                            + " this broker; empty = storePathRootDir/brokerIdentity");

    /** The reference's {@code enableControllerMode}. */
    public final Key<Boolean> enableControllerMode;

    /** The reference's {@code controllerAddr}. */
    public final Key<String> controllerAddr;

    /** The reference's {@code fetchControllerAddrByDnsLookup}. */
    public final Key<Boolean> fetchControllerAddrByDnsLookup;

    /** The reference's {@code syncBrokerMetadataPeriod}. */
    public final Key<Long> syncBrokerMetadataPeriod;

    /** The reference's {@code checkSyncStateSetPeriod}. */
    public final Key<Long> checkSyncStateSetPeriod;

    /** The reference's {@code syncControllerMetadataPeriod}. */
    public final Key<Long> syncControllerMetadataPeriod;

    /** The reference's {@code controllerHeartBeatTimeoutMills}. */
    public final Key<Long> controllerHeartBeatTimeoutMills;

    /** The reference's {@code brokerHeartbeatInterval}. */
    public final Key<Integer> brokerHeartbeatInterval;

    /** The reference's {@code brokerElectionPriority}. */
    public final Key<Integer> brokerElectionPriority;

    /** The reference's {@code haMaxTimeSlaveNotCatchup}. */
    public final Key<Long> haMaxTimeSlaveNotCatchup;

    /** The reference's {@code storePathBrokerIdentity}. */
    public final Key<String> storePathBrokerIdentity;

    private ControllerModeKeys(KeyTable.Builder keys) {
        enableControllerMode = keys.add(ENABLE_CONTROLLER_MODE);
        controllerAddr = keys.add(CONTROLLER_ADDR);
        fetchControllerAddrByDnsLookup = keys.add(FETCH_CONTROLLER_ADDR_BY_DNS_LOOKUP);
        syncBrokerMetadataPeriod = keys.add(SYNC_BROKER_METADATA_PERIOD);
        checkSyncStateSetPeriod = keys.add(CHECK_SYNC_STATE_SET_PERIOD);
        syncControllerMetadataPeriod = keys.add(SYNC_CONTROLLER_METADATA_PERIOD);
        controllerHeartBeatTimeoutMills = keys.add(CONTROLLER_HEART_BEAT_TIMEOUT_MILLS);
        brokerHeartbeatInterval = keys.add(BROKER_HEARTBEAT_INTERVAL);
        brokerElectionPriority = keys.add(BROKER_ELECTION_PRIORITY);
        haMaxTimeSlaveNotCatchup = keys.add(HA_MAX_TIME_SLAVE_NOT_CATCHUP);
        storePathBrokerIdentity = keys.add(STORE_PATH_BROKER_IDENTITY);
    }

    private static Key<Long> period(String name, long def, String doc) {
        return Key.ofLong(name, def, 10, HOUR_MS, "controller mode: ms " + doc);
    }

    /** Declares the keys into {@code keys}, in the order the docs list them. */
    static ControllerModeKeys declare(KeyTable.Builder keys) {
        return new ControllerModeKeys(keys);
    }

    /** What {@code values} ask of controller mode, the store under {@code storeRoot}. */
    public ControllerSettings settings(ConfigValues values, Path storeRoot) {
        String identity = values.get(storePathBrokerIdentity);
        return new ControllerSettings(
                ControllerSettings.addresses(values.get(controllerAddr)),
                values.get(fetchControllerAddrByDnsLookup),
                values.get(syncBrokerMetadataPeriod),
                values.get(checkSyncStateSetPeriod),
                values.get(syncControllerMetadataPeriod),
                values.get(controllerHeartBeatTimeoutMills),
                values.get(brokerHeartbeatInterval),
                values.get(brokerElectionPriority),
                values.get(haMaxTimeSlaveNotCatchup),
                identity.isEmpty() ? storeRoot.resolve("brokerIdentity") : Path.of(identity));
    }
}
