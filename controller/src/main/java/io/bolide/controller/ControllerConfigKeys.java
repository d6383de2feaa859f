package io.bolide.controller;

import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The controller's configuration keys, in the reference's names (its ControllerConfig and
 * JraftConfig): the same lines work in a Bolide and an Apache controller's file.
 */
public final class ControllerConfigKeys {
    private static final KeyTable.Builder KEYS = KeyTable.builder("controller");

    public static final Key<String> CONTROLLER_TYPE =
            KEYS.add(
                    Key.ofNonEmpty(
                            "controllerType",
                            "jRaft",
                            "consensus of the controllers; Bolide has jRaft (SOFAJRaft) only, the"
                                    + " reference's DLedger is refused"));

    public static final Key<String> JRAFT_GROUP_ID =
            KEYS.add(
                    Key.ofNonEmpty(
                            "jRaftGroupId", "jRaft-Controller", "raft group of the controllers"));

    public static final Key<String> JRAFT_SERVER_ID =
            KEYS.add(
                    Key.ofNonEmpty(
                            "jRaftServerId",
                            "localhost:9880",
                            "this controller's raft address (ip:port), one of jRaftInitConf"));

    public static final Key<String> JRAFT_INIT_CONF =
            KEYS.add(
                    Key.ofNonEmpty(
                            "jRaftInitConf",
                            "localhost:9880,localhost:9881,localhost:9882",
                            "every controller's raft address, comma-separated"));

    public static final Key<String> JRAFT_CONTROLLER_RPC_ADDR =
            KEYS.add(
                    Key.ofNonEmpty(
                            "jRaftControllerRPCAddr",
                            "localhost:9770,localhost:9771,localhost:9772",
                            "every controller's address for brokers and mqadmin, comma-separated,"
                                    + " in the order of jRaftInitConf; this controller listens on"
                                    + " its own entry's port"));

    public static final Key<Integer> JRAFT_ELECTION_TIMEOUT_MS =
            KEYS.add(
                    Key.ofInt(
                                    "jRaftElectionTimeoutMs",
                                    1000,
                                    100,
                                    600_000,
                                    "raft election timeout among the controllers (ms)")
                            .live());

    public static final Key<Integer> JRAFT_SNAPSHOT_INTERVAL_SECS =
            KEYS.add(
                    Key.ofInt(
                            "jRaftSnapshotIntervalSecs",
                            3600,
                            1,
                            86_400 * 30,
                            "how often the controller state is snapshotted (s)"));

    public static final Key<String> CONTROLLER_STORE_PATH =
            KEYS.add(
                    Key.ofString(
                            "controllerStorePath",
                            "",
                            "directory of the raft log, meta and snapshots; empty ="
                                    + " ~/controller-store/<jRaftServerId>"));

    public static final Key<Boolean> ENABLE_ELECT_UNCLEAN_MASTER =
            KEYS.add(
                    Key.ofBoolean(
                                    "enableElectUncleanMaster",
                                    false,
                                    "when no SyncStateSet member is alive, elect any living replica"
                                            + " (messages it never copied are lost)")
                            .live());

    public static final Key<Long> SCAN_INACTIVE_MASTER_INTERVAL =
            KEYS.add(
                    Key.ofLong(
                                    "scanInactiveMasterInterval",
                                    5_000,
                                    10,
                                    3_600_000,
                                    "how often the leader looks for masters whose heartbeats stopped (ms)")
                            .live());

    public static final Key<Integer> ELECT_MASTER_MAX_RETRY_COUNT =
            KEYS.add(
                    Key.ofInt(
                                    "electMasterMaxRetryCount",
                                    3,
                                    0,
                                    1000,
                                    "elections tried, while they fail, for a group whose master stopped"
                                            + " its heartbeats; each failed one still starts a new master"
                                            + " epoch; 0 = none")
                            .live());

    public static final Key<Long> CONTROLLER_HEARTBEAT_TIMEOUT_MILLS =
            KEYS.add(
                    Key.ofLong(
                                    "controllerHeartBeatTimeoutMills",
                                    10_000,
                                    100,
                                    3_600_000,
                                    "a replica silent this long is dead, unless its heartbeats"
                                            + " name their own timeout (ms; the reference's broker"
                                            + " key, here the controller's default)")
                            .bolideOnly()
                            .live());

    public static final Key<Boolean> NOTIFY_BROKER_ROLE_CHANGED =
            KEYS.add(
                    Key.ofBoolean(
                                    "notifyBrokerRoleChanged",
                                    true,
                                    "after an election, tell the group's living replicas the new"
                                            + " master at once (NOTIFY_BROKER_ROLE_CHANGED, 1008)"
                                            + " instead of leaving them to their next poll")
                            .live());

    public static final Key<String> CONFIG_BLACK_LIST =
            KEYS.add(
                    Key.ofString(
                            "configBlackList",
                            "configBlackList;configStorePath",
                            "keys UPDATE_CONTROLLER_CONFIG (mqadmin updateControllerConfig) may"
                                    + " never change, separated by ';'; configBlackList,"
                                    + " configStorePath and rocketmqHome are refused always"));

    /** Every key above, in declaration order. */
    static final KeyTable TABLE = KEYS.build();

    private ControllerConfigKeys() {}
}
