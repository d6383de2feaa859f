package io.bolide.broker.config;

import io.bolide.broker.delay.DelayConfig;
import io.bolide.remoting.ClientTlsConfig;
import io.bolide.remoting.ConnectionLimits;
import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.ServerTlsConfig;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import io.bolide.remoting.metrics.MetricsSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Immutable broker settings, named with RocketMQ's {@code broker.conf} keys so existing files work.
 * Build one with {@link #builder()} or {@link #fromProperties(Map)}. Every key, its type, default,
 * range and meaning is declared once, in {@link BrokerConfigKeys}; the getters here read the values
 * through those keys.
 */
public final class BrokerConfig {
    private final ConfigValues values;
    private final DelayConfig delayConfig;

    private BrokerConfig(ConfigValues values) {
        this.values = values;
        ConfigChecks.check(values);
        this.delayConfig =
                new DelayConfig(
                        values.get(BrokerConfigKeys.MESSAGE_DELAY_LEVEL),
                        values.get(BrokerConfigKeys.FLUSH_DELAY_OFFSET_INTERVAL),
                        values.get(BrokerConfigKeys.TIMER_PRECISION_MS),
                        values.get(BrokerConfigKeys.TIMER_MAX_DELAY_SEC));
    }

    /** Every key's value, with the text it was given in. */
    public ConfigValues values() {
        return values;
    }

    /** A builder holding every key's default. */
    public static Builder builder() {
        return new Builder(BrokerConfigKeys.TABLE.defaults());
    }

    /**
     * A config from {@code broker.conf}-style pairs; keys not given keep their defaults.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public static BrokerConfig fromProperties(Map<String, String> properties) {
        return read(properties, note -> {});
    }

    /**
     * A config from a {@code broker.conf} file's pairs: Bolide's keys applied, the reference's
     * other keys accepted (one line each to {@code notes} saying why they have no effect) or
     * refused, unknown names refused with a suggestion.
     *
     * @throws IllegalArgumentException naming every refused or unknown key and bad value
     */
    public static BrokerConfig read(Map<String, String> properties, Consumer<String> notes) {
        return new BrokerConfig(BrokerConfigKeys.SCHEMA.read(properties, notes));
    }

    /** broker.conf: Bolide's keys and the reference's others. */
    public static FileSchema fileSchema() {
        return BrokerConfigKeys.SCHEMA;
    }

    /** A config of {@code values}, which must be values of {@link #keyTable()}. */
    public static BrokerConfig fromValues(ConfigValues values) {
        if (values.table() != BrokerConfigKeys.TABLE) {
            throw new IllegalArgumentException("not broker config values");
        }
        return new BrokerConfig(values);
    }

    /** The table of every accepted key with its type, default and meaning. */
    public static KeyTable keyTable() {
        return BrokerConfigKeys.TABLE;
    }

    /** Every accepted key with its type, default and meaning. */
    public static List<Key<?>> keys() {
        return BrokerConfigKeys.TABLE.keys();
    }

    /** {@link BrokerConfigKeys#BROKER_CLUSTER_NAME}. */
    public String brokerClusterName() {
        return values.get(BrokerConfigKeys.BROKER_CLUSTER_NAME);
    }

    /** {@link BrokerConfigKeys#BROKER_NAME}. */
    public String brokerName() {
        return values.get(BrokerConfigKeys.BROKER_NAME);
    }

    /**
     * {@link BrokerConfigKeys#BROKER_ID}: 0 for either master role whatever the file says (the
     * reference does the same), the configured id for a slave.
     */
    public long brokerId() {
        return brokerRole().isMaster() ? 0 : values.get(BrokerConfigKeys.BROKER_ID);
    }

    /** {@link BrokerConfigKeys#BROKER_ROLE}. */
    public BrokerRole brokerRole() {
        return values.get(BrokerConfigKeys.BROKER_ROLE);
    }

    /** {@link BrokerConfigKeys#NAMESRV_ADDR}. */
    public String namesrvAddr() {
        return values.get(BrokerConfigKeys.NAMESRV_ADDR);
    }

    /** {@link BrokerConfigKeys#LISTEN_PORT}. */
    public int listenPort() {
        return values.get(BrokerConfigKeys.LISTEN_PORT);
    }

    /** {@link BrokerConfigKeys#BROKER_IP1}. */
    public String brokerIP1() {
        return values.get(BrokerConfigKeys.BROKER_IP1);
    }

    /** {@link BrokerConfigKeys#BIND_ADDRESS}. */
    public String bindAddress() {
        return values.get(BrokerConfigKeys.BIND_ADDRESS);
    }

    /** {@link BrokerConfigKeys#TRACE_TOPIC_ENABLE}. */
    public boolean traceTopicEnable() {
        return values.get(BrokerConfigKeys.TRACE_TOPIC_ENABLE);
    }

    /** {@link BrokerConfigKeys#MSG_TRACE_TOPIC_NAME}. */
    public String msgTraceTopicName() {
        return values.get(BrokerConfigKeys.MSG_TRACE_TOPIC_NAME);
    }

    /** {@link BrokerConfigKeys#ADVERTISED_ADDRESSES}; empty: one address for every client. */
    public NamedAddresses advertisedAddresses() {
        return values.get(BrokerConfigKeys.ADVERTISED_ADDRESSES);
    }

    /**
     * TLS on the client port ({@link BrokerConfigKeys#LISTENER}): the {@code tls.*} keys, else the
     * TLS properties file, else the same-named system properties (docs/security.md).
     */
    public ServerTlsConfig serverTls() {
        return BrokerConfigKeys.LISTENER.tls(values);
    }

    /** Connection limits of the client port ({@link BrokerConfigKeys#LISTENER}). */
    public ConnectionLimits connectionLimits() {
        return BrokerConfigKeys.LISTENER.limits(values);
    }

    /** {@code serverChannelMaxIdleTimeSeconds}: idle connections are closed after it. */
    public int serverChannelMaxIdleTimeSeconds() {
        return BrokerConfigKeys.LISTENER.idleSeconds(values);
    }

    /** The metrics endpoint ({@link BrokerConfigKeys#METRICS}); off unless asked for. */
    public MetricsSettings metrics() {
        return BrokerConfigKeys.METRICS.settings(values);
    }

    /** TLS towards the name servers ({@link BrokerConfigKeys#NAMESRV_TLS}). */
    public ClientTlsConfig nameServerTls() {
        return BrokerConfigKeys.NAMESRV_TLS.tls(values, BrokerConfigKeys.LISTENER);
    }

    /**
     * {@link BrokerConfigKeys#HA_LISTEN_PORT}, or listenPort + 1 when not set (0, any free port,
     * when listenPort is 0).
     */
    public int haListenPort() {
        int ha = values.get(BrokerConfigKeys.HA_LISTEN_PORT);
        if (ha > 0) {
            return ha;
        }
        int listen = listenPort();
        return listen == 0 ? 0 : listen + 1;
    }

    /**
     * {@link GrpcKeys#serverPort}: -1 when the gRPC endpoint is off, 0 (any free port) when
     * listenPort is 0.
     */
    public int grpcServerPort() {
        int grpc = values.get(BrokerConfigKeys.GRPC.serverPort);
        return grpc < 0 ? -1 : listenPort() == 0 ? 0 : grpc;
    }

    /** {@link BrokerConfigKeys#HA_MASTER_ADDRESS}. */
    public String haMasterAddress() {
        return values.get(BrokerConfigKeys.HA_MASTER_ADDRESS);
    }

    /** {@link BrokerConfigKeys#HA_SEND_HEARTBEAT_INTERVAL}. */
    public int haSendHeartbeatInterval() {
        return values.get(BrokerConfigKeys.HA_SEND_HEARTBEAT_INTERVAL);
    }

    /** {@link BrokerConfigKeys#HA_HOUSEKEEPING_INTERVAL}. */
    public int haHousekeepingInterval() {
        return values.get(BrokerConfigKeys.HA_HOUSEKEEPING_INTERVAL);
    }

    /** {@link BrokerConfigKeys#HA_TRANSFER_BATCH_SIZE}. */
    public int haTransferBatchSize() {
        return values.get(BrokerConfigKeys.HA_TRANSFER_BATCH_SIZE);
    }

    /** {@link BrokerConfigKeys#HA_MAX_GAP_NOT_IN_SYNC}. */
    public int haMaxGapNotInSync() {
        return values.get(BrokerConfigKeys.HA_MAX_GAP_NOT_IN_SYNC);
    }

    /** allAckInSyncStateSet and minInSyncReplicas (controller mode). */
    public InSyncRules inSyncRules() {
        return new InSyncRules(
                values.get(BrokerConfigKeys.ALL_ACK_IN_SYNC_STATE_SET),
                values.get(BrokerConfigKeys.MIN_IN_SYNC_REPLICAS));
    }

    /** {@link BrokerConfigKeys#SYNC_FLUSH_TIMEOUT}. */
    public long syncFlushTimeout() {
        return values.get(BrokerConfigKeys.SYNC_FLUSH_TIMEOUT);
    }

    /** {@link BrokerConfigKeys#SLAVE_READ_ENABLE}. */
    public boolean slaveReadEnable() {
        return values.get(BrokerConfigKeys.SLAVE_READ_ENABLE);
    }

    /** {@link BrokerConfigKeys#ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO}. */
    public int accessMessageInMemoryMaxRatio() {
        return values.get(BrokerConfigKeys.ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO);
    }

    /** {@link BrokerConfigKeys#STORE_PATH_ROOT_DIR}. */
    public Path storePathRootDir() {
        return values.get(BrokerConfigKeys.STORE_PATH_ROOT_DIR);
    }

    /** {@link BrokerConfigKeys#FLUSH_DISK_TYPE}. */
    public FlushDiskType flushDiskType() {
        return values.get(BrokerConfigKeys.FLUSH_DISK_TYPE);
    }

    /** {@link BrokerConfigKeys#AUTO_CREATE_TOPIC_ENABLE}. */
    public boolean autoCreateTopicEnable() {
        return values.get(BrokerConfigKeys.AUTO_CREATE_TOPIC_ENABLE);
    }

    /** {@link BrokerConfigKeys#DEFAULT_TOPIC_QUEUE_NUMS}. */
    public int defaultTopicQueueNums() {
        return values.get(BrokerConfigKeys.DEFAULT_TOPIC_QUEUE_NUMS);
    }

    /** {@link BrokerConfigKeys#MAX_MESSAGE_SIZE}. */
    public int maxMessageSize() {
        return values.get(BrokerConfigKeys.MAX_MESSAGE_SIZE);
    }

    /** {@link BrokerConfigKeys#MAPED_FILE_SIZE_COMMIT_LOG}. */
    public int mapedFileSizeCommitLog() {
        return values.get(BrokerConfigKeys.MAPPED_FILE_SIZE_COMMIT_LOG);
    }

    /** {@link BrokerConfigKeys#FILE_RESERVED_TIME}. */
    public int fileReservedTime() {
        return values.get(BrokerConfigKeys.FILE_RESERVED_TIME);
    }

    /** {@link BrokerConfigKeys#DELETE_WHEN}. */
    public int deleteWhen() {
        return values.get(BrokerConfigKeys.DELETE_WHEN);
    }

    /** {@link BrokerConfigKeys#DISK_MAX_USED_SPACE_RATIO}. */
    public int diskMaxUsedSpaceRatio() {
        return values.get(BrokerConfigKeys.DISK_MAX_USED_SPACE_RATIO);
    }

    /** {@link BrokerConfigKeys#WARM_MAPED_FILE_ENABLE}. */
    public boolean warmMapedFileEnable() {
        return values.get(BrokerConfigKeys.WARM_MAPED_FILE_ENABLE);
    }

    /** {@link BrokerConfigKeys#FLUSH_INTERVAL_COMMIT_LOG}. */
    public int flushIntervalCommitLog() {
        return values.get(BrokerConfigKeys.FLUSH_INTERVAL_COMMIT_LOG);
    }

    /** {@link BrokerConfigKeys#LONG_POLLING_ENABLE}. */
    public boolean longPollingEnable() {
        return values.get(BrokerConfigKeys.LONG_POLLING_ENABLE);
    }

    /** {@link BrokerConfigKeys#SHORT_POLLING_TIME_MILLS}. */
    public long shortPollingTimeMills() {
        return values.get(BrokerConfigKeys.SHORT_POLLING_TIME_MILLS);
    }

    /** {@link BrokerConfigKeys#FLUSH_CONSUMER_OFFSET_INTERVAL}. */
    public long flushConsumerOffsetInterval() {
        return values.get(BrokerConfigKeys.FLUSH_CONSUMER_OFFSET_INTERVAL);
    }

    /** {@link BrokerConfigKeys#REGISTER_NAME_SERVER_PERIOD}. */
    public long registerNameServerPeriod() {
        return values.get(BrokerConfigKeys.REGISTER_NAME_SERVER_PERIOD);
    }

    /** {@link BrokerConfigKeys#CHANNEL_EXPIRED_TIMEOUT}. */
    public long channelExpiredTimeout() {
        return values.get(BrokerConfigKeys.CHANNEL_EXPIRED_TIMEOUT);
    }

    /** {@link BrokerConfigKeys#BROKER_PERMISSION}. */
    public int brokerPermission() {
        return values.get(BrokerConfigKeys.BROKER_PERMISSION);
    }

    /** {@link BrokerConfigKeys#MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY}. */
    public int maxTransferCountOnMessageInMemory() {
        return values.get(BrokerConfigKeys.MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY);
    }

    /** {@link BrokerConfigKeys#MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY}. */
    public int maxTransferBytesOnMessageInMemory() {
        return values.get(BrokerConfigKeys.MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY);
    }

    /** {@link BrokerConfigKeys#REGION_ID}. */
    public String regionId() {
        return values.get(BrokerConfigKeys.REGION_ID);
    }

    /** {@link BrokerConfigKeys#TRACE_ON}. */
    public boolean traceOn() {
        return values.get(BrokerConfigKeys.TRACE_ON);
    }

    /** {@link BrokerConfigKeys#SERVER_WORKER_THREADS}. */
    public int serverWorkerThreads() {
        return values.get(BrokerConfigKeys.SERVER_WORKER_THREADS);
    }

    /**
     * Delayed delivery: {@code messageDelayLevel}, {@code flushDelayOffsetInterval}, {@code
     * timerPrecisionMs}, {@code timerMaxDelaySec}.
     */
    public DelayConfig delayConfig() {
        return delayConfig;
    }

    /** {@link BrokerConfigKeys#TRANSACTION_TIME_OUT}. */
    public long transactionTimeOut() {
        return values.get(BrokerConfigKeys.TRANSACTION_TIME_OUT);
    }

    /** {@link BrokerConfigKeys#TRANSACTION_CHECK_INTERVAL}. */
    public long transactionCheckInterval() {
        return values.get(BrokerConfigKeys.TRANSACTION_CHECK_INTERVAL);
    }

    /** {@link BrokerConfigKeys#TRANSACTION_CHECK_MAX}. */
    public int transactionCheckMax() {
        return values.get(BrokerConfigKeys.TRANSACTION_CHECK_MAX);
    }

    /** {@link BrokerConfigKeys#REBALANCE_LOCK_MAX_LIVE_TIME}. */
    public long rebalanceLockMaxLiveTime() {
        return values.get(BrokerConfigKeys.REBALANCE_LOCK_MAX_LIVE_TIME);
    }

    /** {@link BrokerConfigKeys#AUTO_CREATE_SUBSCRIPTION_GROUP}. */
    public boolean autoCreateSubscriptionGroup() {
        return values.get(BrokerConfigKeys.AUTO_CREATE_SUBSCRIPTION_GROUP);
    }

    /** {@link BrokerConfigKeys#ENABLE_PROPERTY_FILTER}. */
    public boolean enablePropertyFilter() {
        return values.get(BrokerConfigKeys.ENABLE_PROPERTY_FILTER);
    }

    /** Collects settings; values are validated as they are set. */
    public static final class Builder {
        private final ConfigValues.Builder values;

        private Builder(ConfigValues from) {
            this.values = from.toBuilder();
        }

        /**
         * Sets the key {@code name} from its text form, as in a {@code broker.conf} file.
         *
         * @throws IllegalArgumentException for an unknown key or a bad value
         */
        public Builder set(String name, String value) {
            values.set(name, value);
            return this;
        }

        /**
         * Sets {@code key} (one of {@link BrokerConfigKeys}) to {@code value}.
         *
         * @throws IllegalArgumentException for a value out of the key's range
         */
        public <T> Builder set(Key<T> key, T value) {
            values.set(key, value);
            return this;
        }

        /** See {@link BrokerConfig#brokerClusterName()}. */
        public Builder brokerClusterName(String value) {
            return set(BrokerConfigKeys.BROKER_CLUSTER_NAME, value);
        }

        /** See {@link BrokerConfig#brokerName()}. */
        public Builder brokerName(String value) {
            return set(BrokerConfigKeys.BROKER_NAME, value);
        }

        /** See {@link BrokerConfig#namesrvAddr()}. */
        public Builder namesrvAddr(String value) {
            return set(BrokerConfigKeys.NAMESRV_ADDR, value);
        }

        /** See {@link BrokerConfig#listenPort()}. */
        public Builder listenPort(int value) {
            return set(BrokerConfigKeys.LISTEN_PORT, value);
        }

        /** See {@link BrokerConfig#brokerIP1()}. */
        public Builder brokerIP1(String value) {
            return set(BrokerConfigKeys.BROKER_IP1, value);
        }

        /** See {@link BrokerConfig#advertisedAddresses()}: {@code name=host:port;...}. */
        public Builder advertisedAddresses(String value) {
            return set(BrokerConfigKeys.ADVERTISED_ADDRESSES, NamedAddresses.parse(value));
        }

        /** See {@link BrokerConfig#storePathRootDir()}. */
        public Builder storePathRootDir(Path value) {
            return set(BrokerConfigKeys.STORE_PATH_ROOT_DIR, value);
        }

        /** See {@link BrokerConfig#flushDiskType()}. */
        public Builder flushDiskType(FlushDiskType value) {
            return set(BrokerConfigKeys.FLUSH_DISK_TYPE, value);
        }

        /** See {@link BrokerConfig#autoCreateTopicEnable()}. */
        public Builder autoCreateTopicEnable(boolean value) {
            return set(BrokerConfigKeys.AUTO_CREATE_TOPIC_ENABLE, value);
        }

        /** The configuration. */
        public BrokerConfig build() {
            return new BrokerConfig(values.build());
        }
    }
}
