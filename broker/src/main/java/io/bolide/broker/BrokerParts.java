package io.bolide.broker;

import io.bolide.broker.auth.AuthFeature;
import io.bolide.broker.auth.AuthSettings;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.broker.console.ConsoleServer;
import io.bolide.broker.console.ConsoleState;
import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.grpc.GrpcEndpoint;
import io.bolide.broker.lite.Lite;
import io.bolide.broker.lite.remoting.LiteRemoting;
import io.bolide.broker.pop.PopFeature;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.stats.TimerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.transaction.CheckSenders;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.remoting.RequestGate;
import io.bolide.remoting.TlsMode;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.store.ArrivalListener;
import io.bolide.store.ColdSegments;
import io.bolide.store.FlushMode;
import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import java.io.IOException;
import java.nio.file.Path;

/** How each of the broker's parts is opened from its configuration (for {@link Components}). */
final class BrokerParts {
    private BrokerParts() {}

    /** The topic table, loaded from its file. */
    static TopicTable topicTable(BrokerConfig config, Path dir) throws IOException {
        TopicTable table = new TopicTable(new JsonFile(dir.resolve("topics.json")));
        table.load(config);
        return table;
    }

    /** The committed consumer offsets, loaded from their file. */
    static ConsumerOffsetTable offsetTable(Path dir) throws IOException {
        ConsumerOffsetTable table =
                new ConsumerOffsetTable(new JsonFile(dir.resolve("consumerOffset.json")));
        table.load();
        return table;
    }

    static StoreConfig storeConfig(BrokerConfig config, ArrivalListener listener) {
        return storeConfig(config, listener, null);
    }

    /** As above, reading what left the local disk through {@code cold} (tiered storage, #36). */
    static StoreConfig storeConfig(
            BrokerConfig config, ArrivalListener listener, ColdSegments cold) {
        return StoreConfig.builder(config.storePathRootDir())
                .segmentSize(config.mapedFileSizeCommitLog())
                .flushMode(
                        config.flushDiskType() == FlushDiskType.SYNC_FLUSH
                                ? FlushMode.SYNC
                                : FlushMode.ASYNC)
                .flushIntervalMs(config.flushIntervalCommitLog())
                .maxRecordSize(config.maxMessageSize() + 64 * 1024)
                .retention(
                        config.fileReservedTime(),
                        config.deleteWhen(),
                        config.diskMaxUsedSpaceRatio() / 100.0)
                .preallocate(config.warmMapedFileEnable())
                .mappedMemoryLimit(
                        mappedMemoryLimit(
                                config.values().get(BrokerConfigKeys.MAPPED_MEMORY_LIMIT)))
                .arrivalListener(listener)
                .coldSegments(cold)
                .tagsCodeRule(DelayedDelivery.tagsCodeRule(config.delayConfig()))
                .replica(config.brokerRole() == BrokerRole.SLAVE)
                .holdReadsAtOpen(
                        config.values().get(BrokerConfigKeys.CONTROLLER_MODE.enableControllerMode))
                .build();
    }

    private static long mappedMemoryLimit(long configured) {
        return configured == 0 ? 0 : Math.max(configured, StoreConfig.MIN_MAPPED_MEMORY_LIMIT);
    }

    /** The subscription groups, loaded from their file. */
    static SubscriptionGroupTable subscriptionGroups(BrokerSettings settings, Path dir)
            throws IOException {
        SubscriptionGroupTable table =
                new SubscriptionGroupTable(
                        new JsonFile(dir.resolve("subscriptionGroup.json")),
                        () -> settings.current().autoCreateSubscriptionGroup());
        table.load();
        return table;
    }

    static AuthSettings authSettings(BrokerConfig config) {
        ConfigValues values = config.values();
        return new AuthSettings(
                values.get(BrokerConfigKeys.AUTHENTICATION_ENABLED),
                values.get(BrokerConfigKeys.AUTHORIZATION_ENABLED),
                values.get(BrokerConfigKeys.AUTHENTICATION_WHITELIST),
                values.get(BrokerConfigKeys.AUTHORIZATION_WHITELIST),
                values.get(BrokerConfigKeys.INIT_AUTHENTICATION_USER),
                values.get(BrokerConfigKeys.INNER_CLIENT_AUTHENTICATION_CREDENTIALS),
                config.brokerClusterName());
    }

    /** The client of the broker's calls to its name servers: one I/O thread, TLS as configured. */
    static RemotingClient nameServerClient(BrokerConfig config) {
        return new RemotingClient(
                RemotingClientConfig.builder().ioThreads(1).tls(config.nameServerTls()).build());
    }

    static RemotingServer bind(BrokerConfig config, RequestGate gate) throws IOException {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress(config.bindAddress())
                                .port(config.listenPort())
                                .ioThreads(config.serverWorkerThreads())
                                .idleSeconds(config.serverChannelMaxIdleTimeSeconds())
                                .tls(config.serverTls())
                                .limits(config.connectionLimits())
                                .build());
        server.gate(gate);
        try {
            server.bind(); // Components calls accept() once every handler is registered
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while binding", e);
        }
        return server;
    }

    /** A slave cannot write: it keeps its master's delay progress and delivers nothing. */
    static DelayedDelivery delayedDelivery(
            BrokerConfig config, MessageStore store, Path configDir, TimerStats stats)
            throws IOException {
        return config.brokerRole().isMaster()
                ? DelayedDelivery.start(config.delayConfig(), store, configDir, stats)
                : DelayedDelivery.follow(config.delayConfig(), store, configDir);
    }

    /**
     * POP, installed, and the lite codes on its book; its thread is stopped (pop log written)
     * before the store closes.
     */
    static PopFeature pop(
            Codes codes,
            BrokerSettings settings,
            PopFeature.Tables tables,
            MessageStore store,
            Teardown teardown,
            BrokerStats stats,
            Lite lite)
            throws IOException {
        PopFeature pop = PopFeature.install(codes, settings::current, tables, store, stats);
        teardown.push("stopping pop", pop::close);
        LiteRemoting.install(
                codes,
                settings::current,
                new LiteRemoting.Tables(tables.topics(), tables.groups(), tables.offsets()),
                lite,
                store,
                pop.engine());
        return pop;
    }

    /** What the gRPC endpoint serves besides the tables: its producers' checks, lite state. */
    record GrpcPeers(CheckSenders producers, Lite lite) {}

    /**
     * The gRPC endpoint of a master (docs/grpc.md), or null when grpcServerPort is -1; stopped
     * (waiting receives answered) before POP and the store close.
     */
    static GrpcEndpoint grpc(
            BrokerSettings settings,
            PopFeature.Tables tables,
            MessageStore store,
            PopFeature pop,
            RemotingServer server,
            AuthFeature auth,
            GrpcPeers peers,
            Teardown teardown)
            throws IOException {
        CheckSenders producers = peers.producers();
        Lite lite = peers.lite();
        BrokerConfig config = settings.current();
        int port = config.grpcServerPort();
        if (port < 0 || !config.brokerRole().isMaster()) {
            return null;
        }
        GrpcEndpoint.Parts parts =
                new GrpcEndpoint.Parts(
                        tables.topics(),
                        store,
                        pop.engine(),
                        tables.self(),
                        config.brokerName(),
                        () -> settings.current().maxMessageSize(),
                        () -> settings.current().values().get(BrokerConfigKeys.GRPC.maxLongPolling),
                        server.localCalls(),
                        // Permissive unless tls.server.mode says otherwise: docs/grpc.md.
                        BrokerConfigKeys.LISTENER.tls(config.values(), TlsMode.PERMISSIVE),
                        config.storePathRootDir().resolve("grpc-tls"),
                        auth.callCheck(),
                        group -> {
                            SubscriptionGroupConfig c = tables.groups().get(group);
                            return c != null && c.consumeMessageOrderly();
                        },
                        () -> settings.current().enablePropertyFilter(),
                        lite);
        GrpcEndpoint endpoint = GrpcEndpoint.start(config.bindAddress(), port, parts);
        producers.add(endpoint.producers());
        teardown.push("stopping the gRPC endpoint", endpoint::close);
        return endpoint;
    }

    /**
     * The web console (docs/console.md), or null when consolePort is -1; closed before the parts it
     * reads.
     */
    static ConsoleServer console(ConsoleState state, Teardown teardown) throws IOException {
        BrokerConfig config = state.config();
        int port = config.values().get(BrokerConfigKeys.CONSOLE_PORT);
        if (port < 0) {
            return null;
        }
        // As the gRPC port: a broker on any free port (tests) serves its console on one too.
        String address = config.values().get(BrokerConfigKeys.CONSOLE_ADDRESS);
        ConsoleServer console =
                ConsoleServer.start(address, config.listenPort() == 0 ? 0 : port, state);
        teardown.push("closing the web console", console::close);
        return console;
    }

    /** The client of the calls to name servers, closed at teardown. */
    static RemotingClient nameServerClient(BrokerConfig config, Teardown teardown) {
        RemotingClient made = nameServerClient(config);
        teardown.push("closing the name server client", made::close);
        return made;
    }

    /** The thread user and ACL changes are written on, stopped at teardown. */
    static java.util.concurrent.ExecutorService authThread(Teardown teardown) {
        java.util.concurrent.ExecutorService thread = Threads.bounded("bolide-broker-auth");
        teardown.push("stopping the auth thread", () -> Threads.stop(thread));
        return thread;
    }

    /** A periodic write of a table: a failure is logged and retried at the next period. */
    static Runnable persisting(String what, Teardown.Step write) {
        return () -> {
            try {
                write.run();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(Components.class)
                        .warn("cannot persist {}", what, e);
            }
        };
    }
}
