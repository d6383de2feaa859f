package io.bolide.broker;

import io.bolide.broker.delay.DelayLevels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** The table of broker configuration keys: each declared once with its type, default and doc. */
final class BrokerConfigKeys {
    static final List<ConfigKey> ALL = new ArrayList<>();
    private static final Map<String, ConfigKey> BY_NAME = new HashMap<>(64);

    static {
        text(
                "brokerClusterName",
                "DefaultCluster",
                "cluster name",
                (b, v) -> b.brokerClusterName = v);
        text("brokerName", "broker-a", "broker name", (b, v) -> b.brokerName = nonEmpty(v));
        declare("brokerId", "long", "0", "0 = master", (b, v) -> b.brokerId = range(v, 0, 0));
        text("namesrvAddr", "", "name servers, host:port;host:port", (b, v) -> b.namesrvAddr = v);
        integer(
                "listenPort",
                10911,
                "listening port, 0 = any free port",
                (b, v) -> b.listenPort = (int) range(v, 0, 65535));
        text(
                "brokerIP1",
                "",
                "address advertised to clients; empty = detect",
                (b, v) -> b.brokerIP1 = v);
        text("bindAddress", "0.0.0.0", "local address to bind", (b, v) -> b.bindAddress = v);
        integer(
                "haListenPort",
                10912,
                "HA port advertised in registrations",
                (b, v) -> b.haListenPort = (int) range(v, 0, 65535));
        text(
                "storePathRootDir",
                System.getProperty("user.home") + "/store",
                "store root",
                (b, v) -> b.storePathRootDir = Path.of(nonEmpty(v)));
        declare(
                "flushDiskType",
                "ASYNC_FLUSH|SYNC_FLUSH",
                "ASYNC_FLUSH",
                "flush mode",
                (b, v) -> b.flushDiskType = FlushDiskType.valueOf(v));
        bool(
                "autoCreateTopicEnable",
                true,
                "create unknown topics on send from TBW102",
                (b, v) -> b.autoCreateTopicEnable = v);
        integer(
                "defaultTopicQueueNums",
                8,
                "queues of the TBW102 template",
                (b, v) -> b.defaultTopicQueueNums = (int) range(v, 1, 1024));
        integer(
                "maxMessageSize",
                4 * 1024 * 1024,
                "largest message body (bytes)",
                (b, v) -> b.maxMessageSize = (int) range(v, 1, 1 << 30));
        integer(
                "mapedFileSizeCommitLog",
                1 << 30,
                "commit-log segment size (bytes)",
                (b, v) -> b.mapedFileSizeCommitLog = (int) range(v, 4096, Integer.MAX_VALUE));
        integer(
                "fileReservedTime",
                72,
                "hours commit-log segments are kept",
                (b, v) -> b.fileReservedTime = (int) range(v, 0, 1_000_000));
        text(
                "deleteWhen",
                "04",
                "hour of day (first of a ;-list) when expired files go",
                (b, v) -> b.deleteWhen = (int) range(v.split(";")[0].trim(), 0, 23));
        integer(
                "diskMaxUsedSpaceRatio",
                75,
                "disk usage % forcing deletion of the oldest files",
                (b, v) -> b.diskMaxUsedSpaceRatio = (int) range(v, 10, 95));
        bool(
                "warmMapedFileEnable",
                false,
                "zero-fill new store files",
                (b, v) -> b.warmMapedFileEnable = v);
        integer(
                "flushIntervalCommitLog",
                500,
                "ASYNC_FLUSH period (ms)",
                (b, v) -> b.flushIntervalCommitLog = (int) range(v, 1, 60_000));
        bool(
                "longPollingEnable",
                true,
                "hold pulls until a message arrives",
                (b, v) -> b.longPollingEnable = v);
        integer(
                "shortPollingTimeMills",
                1000,
                "hold time without long polling (ms)",
                (b, v) -> b.shortPollingTimeMills = range(v, 0, 60_000));
        integer(
                "flushConsumerOffsetInterval",
                5000,
                "consumer offsets persisted every (ms)",
                (b, v) -> b.flushConsumerOffsetInterval = range(v, 100, 3_600_000));
        integer(
                "registerNameServerPeriod",
                30_000,
                "full registration period (ms, 10-60 s)",
                (b, v) -> b.registerNameServerPeriod = range(v, 1, 3_600_000));
        integer(
                "channelExpiredTimeout",
                120_000,
                "silent clients dropped after (ms)",
                (b, v) -> b.channelExpiredTimeout = range(v, 1000, 86_400_000));
        integer(
                "brokerPermission",
                6,
                "broker permission bits (2 write, 4 read)",
                (b, v) -> b.brokerPermission = (int) range(v, 0, 7));
        integer(
                "maxTransferCountOnMessageInMemory",
                32,
                "most messages per pull",
                (b, v) -> b.maxTransferCountOnMessageInMemory = (int) range(v, 1, 65536));
        integer(
                "maxTransferBytesOnMessageInMemory",
                256 * 1024,
                "most bytes per pull",
                (b, v) -> b.maxTransferBytesOnMessageInMemory = (int) range(v, 1, 1 << 30));
        text("regionId", "DefaultRegion", "MSG_REGION of send responses", (b, v) -> b.regionId = v);
        bool("traceOn", true, "TRACE_ON of send responses", (b, v) -> b.traceOn = v);
        integer(
                "serverWorkerThreads",
                0,
                "Netty I/O threads, 0 = Netty's default",
                (b, v) -> b.serverWorkerThreads = (int) range(v, 0, 1024));
        // Delayed delivery (broker/README.md, "Delayed messages").
        text(
                "messageDelayLevel",
                DelayLevels.DEFAULT,
                "delay of each DELAY level, units s m h d",
                (b, v) -> b.messageDelayLevel = DelayLevels.parse(v));
        integer(
                "flushDelayOffsetInterval",
                10_000,
                "delay progress persisted every (ms)",
                (b, v) -> b.flushDelayOffsetInterval = range(v, 10, 3_600_000));
        integer(
                "timerPrecisionMs",
                1000,
                "timer wheel slot width (ms)",
                (b, v) -> b.timerPrecisionMs = range(v, 1, 60_000));
        integer(
                "timerMaxDelaySec",
                259_200,
                "longest timer delay accepted (s)",
                (b, v) -> b.timerMaxDelaySec = range(v, 1, 365L * 86_400));
        integer(
                "transactionTimeOut",
                6000,
                "half message age before its first check (ms)",
                (b, v) -> b.transactionTimeOut = range(v, 0, 86_400_000));
        integer(
                "transactionCheckInterval",
                30_000,
                "period of the transaction check scan (ms)",
                (b, v) -> b.transactionCheckInterval = range(v, 1, 86_400_000));
        integer(
                "transactionCheckMax",
                15,
                "checks before a half message is given up",
                (b, v) -> b.transactionCheckMax = (int) range(v, 0, 1_000_000));
        integer(
                "rebalanceLockMaxLiveTime",
                60_000,
                "orderly queue lock expires unless renewed within (ms)",
                (b, v) -> b.rebalanceLockMaxLiveTime = range(v, 1000, 86_400_000));
        bool(
                "autoCreateSubscriptionGroup",
                true,
                "give a consumer group that heartbeats without settings the defaults",
                (b, v) -> b.autoCreateSubscriptionGroup = v);
        bool(
                "enablePropertyFilter",
                true,
                "serve SQL92 (MessageSelector.bySql) subscriptions; reference default false",
                (b, v) -> b.enablePropertyFilter = v);
    }

    private BrokerConfigKeys() {}

    static ConfigKey find(String name) {
        return BY_NAME.get(name);
    }

    static String names() {
        StringBuilder names = new StringBuilder();
        for (ConfigKey key : ALL) {
            names.append(names.length() == 0 ? "" : ", ").append(key.name());
        }
        return names.toString();
    }

    private static void declare(
            String name,
            String type,
            String def,
            String doc,
            BiConsumer<BrokerConfig.Builder, String> setter) {
        ConfigKey key = new ConfigKey(name, type, def, doc, setter);
        if (BY_NAME.put(name, key) != null) {
            throw new IllegalStateException("broker config key declared twice: " + name);
        }
        ALL.add(key);
    }

    private static void text(
            String name, String def, String doc, BiConsumer<BrokerConfig.Builder, String> s) {
        declare(name, "string", def, doc, s);
    }

    private static void integer(
            String name, long def, String doc, BiConsumer<BrokerConfig.Builder, String> s) {
        declare(name, "integer", Long.toString(def), doc, s);
    }

    private static void bool(
            String name, boolean def, String doc, BiConsumer<BrokerConfig.Builder, Boolean> s) {
        declare(name, "boolean", Boolean.toString(def), doc, (b, v) -> s.accept(b, parseBool(v)));
    }

    private static boolean parseBool(String v) {
        if ("true".equalsIgnoreCase(v)) {
            return true;
        }
        if ("false".equalsIgnoreCase(v)) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    private static long range(String v, long min, long max) {
        long value;
        try {
            value = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("must be in [" + min + ", " + max + "]");
        }
        return value;
    }

    private static String nonEmpty(String v) {
        if (v.isEmpty()) {
            throw new IllegalArgumentException("must not be empty");
        }
        return v;
    }
}
