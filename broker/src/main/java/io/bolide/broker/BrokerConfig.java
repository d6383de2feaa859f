package io.bolide.broker;

import io.bolide.broker.delay.DelayConfig;
import io.bolide.broker.delay.DelayLevels;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable broker settings, named with RocketMQ's {@code broker.conf} keys so existing files work.
 * Build one with {@link #builder()} or {@link #fromProperties(Map)}; every key, its type, default
 * and meaning is declared once in {@link #keys()}.
 */
public final class BrokerConfig {
    private final String brokerClusterName;
    private final String brokerName;
    private final long brokerId;
    private final String namesrvAddr;
    private final int listenPort;
    private final String brokerIP1;
    private final String bindAddress;
    private final int haListenPort;
    private final Path storePathRootDir;
    private final FlushDiskType flushDiskType;
    private final boolean autoCreateTopicEnable;
    private final int defaultTopicQueueNums;
    private final int maxMessageSize;
    private final int mapedFileSizeCommitLog;
    private final int fileReservedTime;
    private final int deleteWhen;
    private final int diskMaxUsedSpaceRatio;
    private final boolean warmMapedFileEnable;
    private final int flushIntervalCommitLog;
    private final boolean longPollingEnable;
    private final long shortPollingTimeMills;
    private final long flushConsumerOffsetInterval;
    private final long registerNameServerPeriod;
    private final long channelExpiredTimeout;
    private final int brokerPermission;
    private final int maxTransferCountOnMessageInMemory;
    private final int maxTransferBytesOnMessageInMemory;
    private final String regionId;
    private final boolean traceOn;
    private final int serverWorkerThreads;
    private final DelayConfig delayConfig;
    private final long transactionTimeOut;
    private final long transactionCheckInterval;
    private final int transactionCheckMax;
    private final long rebalanceLockMaxLiveTime;
    private final boolean autoCreateSubscriptionGroup;
    private final boolean enablePropertyFilter;

    private final Map<String, String> text;

    private BrokerConfig(Builder b) {
        text = Map.copyOf(b.text);
        brokerClusterName = b.brokerClusterName;
        brokerName = b.brokerName;
        brokerId = b.brokerId;
        namesrvAddr = b.namesrvAddr;
        listenPort = b.listenPort;
        brokerIP1 = b.brokerIP1;
        bindAddress = b.bindAddress;
        haListenPort = b.haListenPort;
        storePathRootDir = b.storePathRootDir;
        flushDiskType = b.flushDiskType;
        autoCreateTopicEnable = b.autoCreateTopicEnable;
        defaultTopicQueueNums = b.defaultTopicQueueNums;
        maxMessageSize = b.maxMessageSize;
        mapedFileSizeCommitLog = b.mapedFileSizeCommitLog;
        fileReservedTime = b.fileReservedTime;
        deleteWhen = b.deleteWhen;
        diskMaxUsedSpaceRatio = b.diskMaxUsedSpaceRatio;
        warmMapedFileEnable = b.warmMapedFileEnable;
        flushIntervalCommitLog = b.flushIntervalCommitLog;
        longPollingEnable = b.longPollingEnable;
        shortPollingTimeMills = b.shortPollingTimeMills;
        flushConsumerOffsetInterval = b.flushConsumerOffsetInterval;
        registerNameServerPeriod = b.registerNameServerPeriod;
        channelExpiredTimeout = b.channelExpiredTimeout;
        brokerPermission = b.brokerPermission;
        maxTransferCountOnMessageInMemory = b.maxTransferCountOnMessageInMemory;
        maxTransferBytesOnMessageInMemory = b.maxTransferBytesOnMessageInMemory;
        regionId = b.regionId;
        traceOn = b.traceOn;
        serverWorkerThreads = b.serverWorkerThreads;
        delayConfig = b.delayConfig();
        transactionTimeOut = b.transactionTimeOut;
        transactionCheckInterval = b.transactionCheckInterval;
        transactionCheckMax = b.transactionCheckMax;
        rebalanceLockMaxLiveTime = b.rebalanceLockMaxLiveTime;
        autoCreateSubscriptionGroup = b.autoCreateSubscriptionGroup;
        enablePropertyFilter = b.enablePropertyFilter;
    }

    /** Every key's value in {@code broker.conf} text form (keys in no particular order). */
    Map<String, String> textValues() {
        return text;
    }

    /** A builder holding every key's default. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A config from {@code broker.conf}-style pairs; keys not given keep their defaults.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public static BrokerConfig fromProperties(Map<String, String> properties) {
        Builder builder = builder();
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            builder.set(entry.getKey(), entry.getValue());
        }
        return builder.build();
    }

    /** Every accepted key with its type, default and meaning. */
    public static List<ConfigKey> keys() {
        return java.util.Collections.unmodifiableList(BrokerConfigKeys.ALL);
    }

    /** Cluster this broker belongs to. */
    public String brokerClusterName() {
        return brokerClusterName;
    }

    /** Broker name (a master and its slaves share it). */
    public String brokerName() {
        return brokerName;
    }

    /** 0 for a master. */
    public long brokerId() {
        return brokerId;
    }

    /** Name server addresses, {@code host:port} separated by semicolons; empty for none. */
    public String namesrvAddr() {
        return namesrvAddr;
    }

    /** Port to listen on; 0 picks a free one. */
    public int listenPort() {
        return listenPort;
    }

    /** Address advertised to name servers and clients; empty means detect one. */
    public String brokerIP1() {
        return brokerIP1;
    }

    /** Local address to bind. */
    public String bindAddress() {
        return bindAddress;
    }

    /** HA port advertised in registrations (replication is not served yet). */
    public int haListenPort() {
        return haListenPort;
    }

    /** Store root: commitlog/, consumequeue/, index/ and config/ live under it. */
    public Path storePathRootDir() {
        return storePathRootDir;
    }

    /** Flush mode. */
    public FlushDiskType flushDiskType() {
        return flushDiskType;
    }

    /** Whether sends to unknown topics create them from the TBW102 template. */
    public boolean autoCreateTopicEnable() {
        return autoCreateTopicEnable;
    }

    /** Queue count of the TBW102 template. */
    public int defaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    /** Largest message body accepted, in bytes. */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /** Commit-log segment size in bytes. */
    public int mapedFileSizeCommitLog() {
        return mapedFileSizeCommitLog;
    }

    /** Hours a commit-log segment is kept. */
    public int fileReservedTime() {
        return fileReservedTime;
    }

    /** Hour of day when expired segments are deleted. */
    public int deleteWhen() {
        return deleteWhen;
    }

    /** Disk usage percentage above which the oldest segments are deleted regardless of age. */
    public int diskMaxUsedSpaceRatio() {
        return diskMaxUsedSpaceRatio;
    }

    /** Whether new store files are zero-filled when created. */
    public boolean warmMapedFileEnable() {
        return warmMapedFileEnable;
    }

    /** ASYNC_FLUSH period in milliseconds. */
    public int flushIntervalCommitLog() {
        return flushIntervalCommitLog;
    }

    /** Whether pulls may be held until a message arrives. */
    public boolean longPollingEnable() {
        return longPollingEnable;
    }

    /** Hold time of a suspended pull when long polling is disabled. */
    public long shortPollingTimeMills() {
        return shortPollingTimeMills;
    }

    /** Consumer offsets are persisted this often (ms). */
    public long flushConsumerOffsetInterval() {
        return flushConsumerOffsetInterval;
    }

    /** Full registration with the name servers this often (ms, clamped to 10-60 s). */
    public long registerNameServerPeriod() {
        return registerNameServerPeriod;
    }

    /** A client connection silent this long (ms) is dropped from its groups. */
    public long channelExpiredTimeout() {
        return channelExpiredTimeout;
    }

    /** Broker permission bits: 2 write, 4 read. */
    public int brokerPermission() {
        return brokerPermission;
    }

    /** Most messages returned by one pull. */
    public int maxTransferCountOnMessageInMemory() {
        return maxTransferCountOnMessageInMemory;
    }

    /** Most bytes returned by one pull. */
    public int maxTransferBytesOnMessageInMemory() {
        return maxTransferBytesOnMessageInMemory;
    }

    /** Region id sent in send responses (MSG_REGION). */
    public String regionId() {
        return regionId;
    }

    /** TRACE_ON sent in send responses. */
    public boolean traceOn() {
        return traceOn;
    }

    /** Netty I/O threads; 0 for Netty's default. */
    public int serverWorkerThreads() {
        return serverWorkerThreads;
    }

    /**
     * Delayed delivery: {@code messageDelayLevel}, {@code flushDelayOffsetInterval}, {@code
     * timerPrecisionMs}, {@code timerMaxDelaySec}.
     */
    public DelayConfig delayConfig() {
        return delayConfig;
    }

    /** Age (ms) of a half message without an outcome before it is checked. */
    public long transactionTimeOut() {
        return transactionTimeOut;
    }

    /** Period (ms) of the transaction check scan. */
    public long transactionCheckInterval() {
        return transactionCheckInterval;
    }

    /** Checks of a half message before it is given up. */
    public int transactionCheckMax() {
        return transactionCheckMax;
    }

    /** An orderly consumer's queue lock not renewed for this long (ms) may go to another. */
    public long rebalanceLockMaxLiveTime() {
        return rebalanceLockMaxLiveTime;
    }

    /** Whether a consumer group heartbeating without settings gets the default ones. */
    public boolean autoCreateSubscriptionGroup() {
        return autoCreateSubscriptionGroup;
    }

    /** Whether SQL92 property filters (MessageSelector.bySql) are served. */
    public boolean enablePropertyFilter() {
        return enablePropertyFilter;
    }

    /** Collects settings; values are validated as they are set. */
    public static final class Builder {
        String brokerClusterName;
        String brokerName;
        long brokerId;
        String namesrvAddr;
        int listenPort;
        String brokerIP1;
        String bindAddress;
        int haListenPort;
        Path storePathRootDir;
        FlushDiskType flushDiskType;
        boolean autoCreateTopicEnable;
        int defaultTopicQueueNums;
        int maxMessageSize;
        int mapedFileSizeCommitLog;
        int fileReservedTime;
        int deleteWhen;
        int diskMaxUsedSpaceRatio;
        boolean warmMapedFileEnable;
        int flushIntervalCommitLog;
        boolean longPollingEnable;
        long shortPollingTimeMills;
        long flushConsumerOffsetInterval;
        long registerNameServerPeriod;
        long channelExpiredTimeout;
        int brokerPermission;
        int maxTransferCountOnMessageInMemory;
        int maxTransferBytesOnMessageInMemory;
        String regionId;
        boolean traceOn;
        int serverWorkerThreads;
        DelayLevels messageDelayLevel;
        long flushDelayOffsetInterval;
        long timerPrecisionMs;
        long timerMaxDelaySec;
        long transactionTimeOut;
        long transactionCheckInterval;
        int transactionCheckMax;
        long rebalanceLockMaxLiveTime;
        boolean autoCreateSubscriptionGroup;

        private DelayConfig delayConfig() {
            return new DelayConfig(
                    messageDelayLevel,
                    flushDelayOffsetInterval,
                    timerPrecisionMs,
                    timerMaxDelaySec);
        }

        boolean enablePropertyFilter;

        /** Every key's value in text form, as last set: what admin tools are shown. */
        private final Map<String, String> text = new LinkedHashMap<>();

        private Builder() {
            for (ConfigKey key : BrokerConfigKeys.ALL) {
                apply(key, key.defaultValue());
            }
        }

        private void apply(ConfigKey key, String value) {
            key.apply(this, value);
            text.put(key.name(), value);
        }

        /**
         * Sets the key {@code name} from its text form, as in a {@code broker.conf} file.
         *
         * @throws IllegalArgumentException for an unknown key or a bad value
         */
        public Builder set(String name, String value) {
            ConfigKey key = BrokerConfigKeys.find(name);
            if (key == null) {
                throw new IllegalArgumentException(
                        "unknown broker config key '"
                                + name
                                + "'; accepted keys: "
                                + BrokerConfigKeys.names());
            }
            apply(key, Objects.requireNonNull(value, name).trim());
            return this;
        }

        /** See {@link BrokerConfig#brokerClusterName()}. */
        public Builder brokerClusterName(String value) {
            return set("brokerClusterName", value);
        }

        /** See {@link BrokerConfig#brokerName()}. */
        public Builder brokerName(String value) {
            return set("brokerName", value);
        }

        /** See {@link BrokerConfig#namesrvAddr()}. */
        public Builder namesrvAddr(String value) {
            return set("namesrvAddr", value);
        }

        /** See {@link BrokerConfig#listenPort()}. */
        public Builder listenPort(int value) {
            return set("listenPort", Integer.toString(value));
        }

        /** See {@link BrokerConfig#brokerIP1()}. */
        public Builder brokerIP1(String value) {
            return set("brokerIP1", value);
        }

        /** See {@link BrokerConfig#storePathRootDir()}. */
        public Builder storePathRootDir(Path value) {
            return set("storePathRootDir", value.toString());
        }

        /** See {@link BrokerConfig#flushDiskType()}. */
        public Builder flushDiskType(FlushDiskType value) {
            return set("flushDiskType", value.name());
        }

        /** See {@link BrokerConfig#autoCreateTopicEnable()}. */
        public Builder autoCreateTopicEnable(boolean value) {
            return set("autoCreateTopicEnable", Boolean.toString(value));
        }

        /** The configuration. */
        public BrokerConfig build() {
            return new BrokerConfig(this);
        }
    }
}
