package io.bolide.broker.config;

import io.bolide.broker.delay.DelayLevels;
import io.bolide.remoting.ClientTlsKeys;
import io.bolide.remoting.ListenerKeys;
import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import io.bolide.remoting.config.ReferenceKeys;
import io.bolide.remoting.metrics.MetricsKeys;
import java.nio.file.Path;

/**
 * The broker's configuration keys ({@code broker.conf}, RocketMQ's names), each declared once with
 * its type, default, range and meaning. {@link BrokerConfig} reads its values through them; set one
 * in code with {@link BrokerConfig.Builder#set(Key, Object)}.
 */
public final class BrokerConfigKeys {
    private static final KeyTable.Builder KEYS = KeyTable.builder("broker");

    /** Any broker id, as the reference reads it. */
    private static final Key<Long> ID =
            Key.ofLong("id", 0, Long.MIN_VALUE, Long.MAX_VALUE, "broker id");

    public static final Key<String> BROKER_CLUSTER_NAME =
            KEYS.add(Key.ofString("brokerClusterName", "DefaultCluster", "cluster name"));

    public static final Key<String> BROKER_NAME =
            KEYS.add(Key.ofNonEmpty("brokerName", "broker-a", "broker name"));

    public static final Key<Long> BROKER_ID =
            KEYS.add(
                    Key.of(
                            "brokerId",
                            Long.class,
                            "0 or more",
                            "0",
                            BrokerConfigKeys::groupMemberId,
                            null,
                            "0 = master, 1 and up = a slave (brokerRole=SLAVE); masters always"
                                    + " run as 0, as the reference does"));

    public static final Key<BrokerRole> BROKER_ROLE =
            KEYS.add(
                    Key.ofEnum(
                            "brokerRole",
                            BrokerRole.values(),
                            BrokerRole.ASYNC_MASTER,
                            "ASYNC_MASTER, SYNC_MASTER (a send waits for a slave) or SLAVE"));

    public static final Key<String> NAMESRV_ADDR =
            KEYS.add(Key.ofString("namesrvAddr", "", "name servers, host:port;host:port"));

    public static final Key<Integer> LISTEN_PORT =
            KEYS.add(Key.ofInt("listenPort", 10911, 0, 65535, "listening port, 0 = any free port"));

    public static final Key<String> BROKER_IP1 =
            KEYS.add(
                    Key.ofString("brokerIP1", "", "address advertised to clients; empty = detect"));

    public static final Key<String> BIND_ADDRESS =
            KEYS.add(Key.ofString("bindAddress", "0.0.0.0", "local address to bind"));

    public static final Key<NamedAddresses> ADVERTISED_ADDRESSES =
            KEYS.add(NetworkKeys.ADVERTISED_ADDRESSES);

    public static final GrpcKeys GRPC = GrpcKeys.declare(KEYS);

    public static final Key<Integer> CONSOLE_PORT = KEYS.add(ConsoleKeys.CONSOLE_PORT);

    public static final Key<String> CONSOLE_ADDRESS = KEYS.add(ConsoleKeys.CONSOLE_ADDRESS);

    public static final Key<Integer> HA_LISTEN_PORT = KEYS.add(HaKeys.HA_LISTEN_PORT);

    public static final Key<String> HA_MASTER_ADDRESS = KEYS.add(HaKeys.HA_MASTER_ADDRESS);

    public static final Key<Integer> HA_SEND_HEARTBEAT_INTERVAL =
            KEYS.add(HaKeys.HA_SEND_HEARTBEAT_INTERVAL);

    public static final Key<Integer> HA_HOUSEKEEPING_INTERVAL =
            KEYS.add(HaKeys.HA_HOUSEKEEPING_INTERVAL);

    public static final Key<Integer> HA_TRANSFER_BATCH_SIZE =
            KEYS.add(HaKeys.HA_TRANSFER_BATCH_SIZE);

    public static final Key<Integer> HA_MAX_GAP_NOT_IN_SYNC =
            KEYS.add(HaKeys.HA_MAX_GAP_NOT_IN_SYNC);

    public static final Key<Long> SYNC_FLUSH_TIMEOUT = KEYS.add(HaKeys.SYNC_FLUSH_TIMEOUT);

    public static final Key<Boolean> ALL_ACK_IN_SYNC_STATE_SET =
            KEYS.add(ControllerKeys.ALL_ACK_IN_SYNC_STATE_SET);
    public static final Key<Integer> MIN_IN_SYNC_REPLICAS =
            KEYS.add(ControllerKeys.MIN_IN_SYNC_REPLICAS);

    /** Controller mode (docs/controller.md): enableControllerMode, controllerAddr and timings. */
    public static final ControllerModeKeys CONTROLLER_MODE = ControllerModeKeys.declare(KEYS);

    public static final Key<Boolean> SLAVE_READ_ENABLE =
            KEYS.add(
                    Key.ofBoolean(
                                    "slaveReadEnable",
                                    false,
                                    "a master sends consumers of cold data to a slave; a slave serves"
                                            + " pulls itself")
                            .live());

    public static final Key<Integer> ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO =
            KEYS.add(
                    Key.ofInt(
                                    "accessMessageInMemoryMaxRatio",
                                    40,
                                    0,
                                    100,
                                    "% of the machine's memory: a pull reading further behind the commit"
                                            + " log's end is cold (sent to a slave with slaveReadEnable)")
                            .live());

    public static final Key<Path> STORE_PATH_ROOT_DIR =
            KEYS.add(
                    Key.ofPath(
                            "storePathRootDir",
                            System.getProperty("user.home") + "/store",
                            "store root: commitlog/, consumequeue/, index/ and config/ live"
                                    + " under it"));

    public static final Key<String> STORE_PATH_COMMIT_LOG =
            KEYS.add(
                    Key.ofString(
                            "storePathCommitLog",
                            "",
                            "where the commit log lives: Bolide keeps it at"
                                    + " storePathRootDir/commitlog, so only that path (or empty) is"
                                    + " accepted; set storePathRootDir to move it"));

    public static final Key<String> BROKER_CONFIG_PATH =
            KEYS.add(
                    Key.ofString(
                            "brokerConfigPath",
                            "",
                            "the file UPDATE_BROKER_CONFIG rewrites with each changed key, so a"
                                    + " restart keeps it; bolide broker/start -c FILE set it to"
                                    + " FILE; empty = storePathRootDir/config/broker.properties,"
                                    + " laid over the configuration at start"));

    public static final Key<FlushDiskType> FLUSH_DISK_TYPE =
            KEYS.add(
                    Key.ofEnum(
                            "flushDiskType",
                            FlushDiskType.values(),
                            FlushDiskType.ASYNC_FLUSH,
                            "flush mode: acknowledge after the append, or after the flush"));

    public static final Key<Boolean> AUTO_CREATE_TOPIC_ENABLE =
            KEYS.add(
                    Key.ofBoolean(
                                    "autoCreateTopicEnable",
                                    true,
                                    "create unknown topics on send from TBW102; turned off, TBW102 keeps its"
                                            + " route without the inherit bit and such a send is refused TOPIC_NOT_EXIST")
                            .live());

    public static final Key<Integer> DEFAULT_TOPIC_QUEUE_NUMS =
            KEYS.add(
                    Key.ofInt(
                                    "defaultTopicQueueNums",
                                    8,
                                    1,
                                    1024,
                                    "queues of the TBW102 template, the most a topic created on send gets; a"
                                            + " change registers TBW102 again with them")
                            .live());

    public static final Key<Integer> MAX_MESSAGE_SIZE =
            KEYS.add(
                    Key.ofInt(
                                    "maxMessageSize",
                                    4 * 1024 * 1024,
                                    1,
                                    1 << 30,
                                    "largest message body (bytes); changeable live up to the value the broker"
                                            + " started with (the store's record limit is sized from it)")
                            .live());

    public static final Key<Integer> MAPPED_FILE_SIZE_COMMIT_LOG =
            KEYS.add(
                    Key.ofInt(
                            "mappedFileSizeCommitLog",
                            1 << 30,
                            4096,
                            Integer.MAX_VALUE,
                            "commit-log segment size (bytes); mapedFileSizeCommitLog, the older"
                                    + " name, is accepted too"));

    public static final Key<Integer> FILE_RESERVED_TIME = KEYS.add(StoreKeys.FILE_RESERVED_TIME);

    public static final Key<Integer> DELETE_WHEN = KEYS.add(StoreKeys.DELETE_WHEN);

    public static final Key<Integer> DISK_MAX_USED_SPACE_RATIO =
            KEYS.add(StoreKeys.DISK_MAX_USED_SPACE_RATIO);

    public static final Key<Boolean> WARM_MAPED_FILE_ENABLE =
            KEYS.add(Key.ofBoolean("warmMapedFileEnable", false, "zero-fill new store files"));

    public static final Key<Integer> FLUSH_INTERVAL_COMMIT_LOG =
            KEYS.add(StoreKeys.FLUSH_INTERVAL_COMMIT_LOG);

    public static final Key<Long> MAPPED_MEMORY_LIMIT = KEYS.add(StoreKeys.MAPPED_MEMORY_LIMIT);

    public static final Key<Boolean> LONG_POLLING_ENABLE =
            KEYS.add(
                    Key.ofBoolean("longPollingEnable", true, "hold pulls until a message arrives")
                            .live());

    public static final Key<Long> SHORT_POLLING_TIME_MILLS =
            KEYS.add(
                    Key.ofLong(
                                    "shortPollingTimeMills",
                                    1000,
                                    0,
                                    60_000,
                                    "hold time without long polling (ms)")
                            .live());

    public static final Key<Long> FLUSH_CONSUMER_OFFSET_INTERVAL =
            KEYS.add(
                    Key.ofLong(
                                    "flushConsumerOffsetInterval",
                                    5000,
                                    100,
                                    3_600_000,
                                    "consumer offsets persisted every (ms)")
                            .live());

    public static final Key<Long> REGISTER_NAME_SERVER_PERIOD =
            KEYS.add(
                    Key.ofLong(
                                    "registerNameServerPeriod",
                                    30_000,
                                    1,
                                    3_600_000,
                                    "full registration period (ms, clamped to 10-60 s)")
                            .live());

    public static final Key<Long> CHANNEL_EXPIRED_TIMEOUT =
            KEYS.add(
                    Key.ofLong(
                                    "channelExpiredTimeout",
                                    120_000,
                                    1000,
                                    86_400_000,
                                    "silent clients dropped after (ms)")
                            .live());

    public static final Key<Integer> BROKER_PERMISSION =
            KEYS.add(
                    Key.ofInt(
                                    "brokerPermission",
                                    6,
                                    0,
                                    7,
                                    "broker permission bits (2 write, 4 read); a change is"
                                            + " registered with the name servers at once, every"
                                            + " topic's perm masked by it")
                            .live());

    public static final Key<Integer> MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY =
            KEYS.add(
                    Key.ofInt(
                                    "maxTransferCountOnMessageInMemory",
                                    32,
                                    1,
                                    65536,
                                    "most messages per pull")
                            .live());

    public static final Key<Integer> MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY =
            KEYS.add(
                    Key.ofInt(
                                    "maxTransferBytesOnMessageInMemory",
                                    256 * 1024,
                                    1,
                                    1 << 30,
                                    "most bytes per pull")
                            .live());

    public static final Key<String> REGION_ID =
            KEYS.add(
                    Key.ofString("regionId", "DefaultRegion", "MSG_REGION of send responses")
                            .live());

    public static final Key<Boolean> TRACE_ON =
            KEYS.add(Key.ofBoolean("traceOn", true, "TRACE_ON of send responses").live());

    public static final Key<Integer> SERVER_WORKER_THREADS =
            KEYS.add(
                    Key.ofInt(
                            "serverWorkerThreads",
                            0,
                            0,
                            1024,
                            "Netty I/O threads, 0 = Netty's default"));

    // Delayed delivery (broker/README.md, "Delayed messages").

    public static final Key<DelayLevels> MESSAGE_DELAY_LEVEL =
            KEYS.add(DelayKeys.MESSAGE_DELAY_LEVEL);

    public static final Key<Long> FLUSH_DELAY_OFFSET_INTERVAL =
            KEYS.add(DelayKeys.FLUSH_DELAY_OFFSET_INTERVAL);

    public static final Key<Long> TIMER_PRECISION_MS = KEYS.add(DelayKeys.TIMER_PRECISION_MS);

    public static final Key<Long> TIMER_MAX_DELAY_SEC = KEYS.add(DelayKeys.TIMER_MAX_DELAY_SEC);

    public static final Key<Long> TRANSACTION_TIME_OUT =
            KEYS.add(TransactionKeys.TRANSACTION_TIME_OUT);

    public static final Key<Long> TRANSACTION_CHECK_INTERVAL =
            KEYS.add(TransactionKeys.TRANSACTION_CHECK_INTERVAL);

    public static final Key<Integer> TRANSACTION_CHECK_MAX =
            KEYS.add(TransactionKeys.TRANSACTION_CHECK_MAX);

    public static final Key<Long> REBALANCE_LOCK_MAX_LIVE_TIME =
            KEYS.add(
                    Key.ofLong(
                                    "rebalanceLockMaxLiveTime",
                                    60_000,
                                    1000,
                                    86_400_000,
                                    "orderly queue lock expires unless renewed within (ms); the"
                                            + " reference has it as a system property")
                            .live()
                            .bolideOnly());

    public static final Key<Boolean> AUTO_CREATE_SUBSCRIPTION_GROUP =
            KEYS.add(
                    Key.ofBoolean(
                                    "autoCreateSubscriptionGroup",
                                    true,
                                    "give a consumer group that heartbeats without settings the"
                                            + " defaults")
                            .live());

    public static final Key<Boolean> ENABLE_PROPERTY_FILTER =
            KEYS.add(
                    Key.ofBoolean(
                                    "enablePropertyFilter",
                                    true,
                                    "serve SQL92 (MessageSelector.bySql) subscriptions; reference default"
                                            + " false")
                            .live());

    // TLS and connection limits of the client port, then TLS towards the name servers.
    /** The client port's {@code tls.server.*} settings and connection limits. */
    public static final ListenerKeys LISTENER = ListenerKeys.declare(KEYS);

    /** {@code useTLS} and {@code tls.client.*}: the broker's calls to its name servers. */
    public static final ClientTlsKeys NAMESRV_TLS = ClientTlsKeys.declare(KEYS);

    /** The Prometheus endpoint: metricsExporterType, metricsPromExporterHost / Port. */
    public static final MetricsKeys METRICS = MetricsKeys.declare(KEYS);

    public static final Key<Boolean> TRACE_TOPIC_ENABLE = KEYS.add(TraceKeys.TRACE_TOPIC_ENABLE);
    public static final Key<String> MSG_TRACE_TOPIC_NAME = KEYS.add(TraceKeys.MSG_TRACE_TOPIC_NAME);
    public static final Key<Boolean> RECALL_MESSAGE_ENABLE =
            KEYS.add(RecallKeys.RECALL_MESSAGE_ENABLE);
    public static final Key<Boolean> ALLOW_RECALL_WHEN_BROKER_NOT_WRITEABLE =
            KEYS.add(RecallKeys.ALLOW_RECALL_WHEN_BROKER_NOT_WRITEABLE);

    public static final ColdReadKeys COLD_READ = ColdReadKeys.declare(KEYS);

    /** Tiered storage of the commit log (#36, docs/tiered-storage.md). */
    public static final TierKeys TIER = TierKeys.declare(KEYS);

    /** Priority messages (#34, docs/priority.md). */
    public static final PriorityKeys PRIORITY = PriorityKeys.declare(KEYS);

    /** Lite topics (#34, docs/lite-topics.md). */
    public static final LiteKeys LITE = LiteKeys.declare(KEYS);

    // ACL 2.0 (docs/security.md); declared in AuthKeys, tabled here in this order.
    public static final Key<Boolean> AUTHENTICATION_ENABLED =
            KEYS.add(AuthKeys.AUTHENTICATION_ENABLED);
    public static final Key<String> AUTHENTICATION_PROVIDER =
            KEYS.add(AuthKeys.AUTHENTICATION_PROVIDER);
    public static final Key<String> AUTHENTICATION_WHITELIST =
            KEYS.add(AuthKeys.AUTHENTICATION_WHITELIST);
    public static final Key<String> INIT_AUTHENTICATION_USER =
            KEYS.add(AuthKeys.INIT_AUTHENTICATION_USER);
    public static final Key<String> INNER_CLIENT_AUTHENTICATION_CREDENTIALS =
            KEYS.add(AuthKeys.INNER_CLIENT_AUTHENTICATION_CREDENTIALS);
    public static final Key<Boolean> AUTHORIZATION_ENABLED =
            KEYS.add(AuthKeys.AUTHORIZATION_ENABLED);
    public static final Key<String> AUTHORIZATION_PROVIDER =
            KEYS.add(AuthKeys.AUTHORIZATION_PROVIDER);
    public static final Key<String> AUTHORIZATION_WHITELIST =
            KEYS.add(AuthKeys.AUTHORIZATION_WHITELIST);

    static {
        KEYS.alias("mapedFileSizeCommitLog", MAPPED_FILE_SIZE_COMMIT_LOG);
    }

    /** Every key above, in declaration order. */
    static final KeyTable TABLE = KEYS.build();

    /** broker.conf: the keys above and the reference's others (reference-keys.txt). */
    static final FileSchema SCHEMA =
            new FileSchema(
                    "broker.conf",
                    TABLE,
                    () -> ReferenceKeys.load(BrokerConfigKeys.class, "reference-keys.txt"));

    private BrokerConfigKeys() {}

    private static long groupMemberId(String text) {
        long id = ID.parse(text);
        // -1: the reference's "not assigned yet", in its controller-mode samples.
        if (id < -1) {
            throw new IllegalArgumentException(
                    "a negative id: use 0 for a master, 1 and up for a slave (in controller"
                            + " mode, enableControllerMode=true, the controller assigns the id"
                            + " and this key is ignored)");
        }
        return id;
    }
}
