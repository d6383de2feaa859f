package io.bolide.broker;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.admin.OperationsPlane;
import io.bolide.broker.admin.Tables;
import io.bolide.broker.auth.AuthFeature;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.cold.ColdReadFeature;
import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.config.AdminSettings;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.console.ConsoleServer;
import io.bolide.broker.console.ConsoleState;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerFeature;
import io.bolide.broker.controller.ControllerAgent;
import io.bolide.broker.controller.ControllerFeature;
import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.duty.DutyThread;
import io.bolide.broker.filter.FilterFeature;
import io.bolide.broker.grpc.GrpcEndpoint;
import io.bolide.broker.ha.HaClient;
import io.bolide.broker.ha.HaMaster;
import io.bolide.broker.ha.HaStatusHandler;
import io.bolide.broker.ha.ReplicationState;
import io.bolide.broker.lite.Lite;
import io.bolide.broker.metrics.MetricsFeature;
import io.bolide.broker.metrics.Sources;
import io.bolide.broker.pop.PopFeature;
import io.bolide.broker.pull.PullFeature;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.broker.query.QueryFeature;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.registration.HeaderSigner;
import io.bolide.broker.registration.MasterAddress;
import io.bolide.broker.registration.NameServerRegistrar;
import io.bolide.broker.retry.RetryFeature;
import io.bolide.broker.send.Requesters;
import io.bolide.broker.send.SendFeature;
import io.bolide.broker.slave.Replicated;
import io.bolide.broker.slave.SlaveFeature;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.stats.StatsFeature;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.PeerBrokers;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.topic.TopicFeature;
import io.bolide.broker.transaction.CheckSenders;
import io.bolide.broker.transaction.TransactionFeature;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RequestSigner;
import io.bolide.remoting.metrics.MetricsEndpoint;
import io.bolide.store.MessageStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The broker's assembly. The constructor opens each part in dependency order into a final field,
 * pushing onto {@link Teardown} how to take it down as soon as it is open; {@link #close()} runs
 * that list backwards. The resulting shutdown order: held pulls answered, server stopped (requests
 * in flight finish), duty thread and registration thread stopped, unregistered from name servers,
 * client closed, transaction checks stopped, offsets and topics persisted, delayed delivery
 * stopped, subscription groups persisted, store closed. Each feature registers its request codes
 * through its own {@code install}; {@link Codes#SERVED} lists them all.
 */
final class Components {
    private static final Duration SERVER_GRACE = Duration.ofSeconds(5);

    private final BrokerConfig config;
    private final Teardown teardown;
    private final long bootMillis = System.currentTimeMillis();
    private final BrokerSettings settings;
    private final PullHoldAgent hold = new PullHoldAgent();
    private final Arrivals arrivals = new Arrivals(hold);
    private final BrokerStats stats = new BrokerStats(Clock.systemUTC());
    private final MessageStore store;
    private Lite lite;

    private final HaSide ha;

    private final SubscriptionGroupTable groups;
    private final DelayedDelivery delay;
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final ClientRegistry clients;
    private final Requesters requesters = new Requesters();
    private final AuthFeature auth;
    private final ExecutorService authChanges;
    private final RemotingServer server;
    private final Advertised self;
    private final Codes codes;
    private final DutyThread transactionChecks;
    private final CheckSenders producers;
    private final RemotingClient client;

    /**
     * Registration work in order, and the registrar's retries: its own thread, so a registration
     * never waits behind a table written to disk (periodic duties are {@link #duties}).
     */
    private final ScheduledExecutorService registration;

    private final NameServerRegistrar registrar;
    private final AdminPlane admin;

    /** The Prometheus endpoint, or null when metricsExporterType is DISABLE. */
    private final MetricsEndpoint metrics;

    private final DutyThread duties;

    ConsoleServer console; // null when consolePort is -1 (docs/console.md)
    private GrpcEndpoint grpc; // null when off (grpcServerPort -1, or a slave)

    private final ControllerAgent agent; // the controller client (controller mode), or null

    private volatile boolean switchingRole;

    private Components(
            BrokerConfig config,
            Teardown teardown,
            int epoch,
            ControllerAgent agent,
            StoreSide kept)
            throws IOException {
        this.config = config;
        this.teardown = teardown;
        this.agent = agent;
        Path configDir = config.storePathRootDir().resolve("config");
        this.settings = BrokerSettings.open(config);
        store = StoreSide.forParts(kept, config, settings, arrivals, stats, teardown);
        ha = HaSide.start(config, store, epoch, agent);
        teardown.push("stopping replication", ha::close);
        groups = BrokerParts.subscriptionGroups(settings, configDir);
        teardown.push("persisting subscription groups", groups::persist);
        delay = BrokerParts.delayedDelivery(config, store, configDir, stats.timer());
        teardown.push("stopping delayed delivery", delay::close);
        topics = BrokerParts.topicTable(config, configDir);
        teardown.push("persisting topics", topics::persist);
        offsets = BrokerParts.offsetTable(configDir);
        teardown.push("persisting consumer offsets", offsets::persist);
        clients = new ClientRegistry(topics, groups);
        auth = AuthFeature.open(configDir, BrokerParts.authSettings(config));
        authChanges = BrokerParts.authThread(teardown);
        server = BrokerParts.bind(config, auth.gate());
        // Only if starting fails before the graceful shutdown step below is pushed.
        teardown.push("stopping the server", () -> server.shutdown(SERVER_GRACE));
        self = Advertised.choose(config.brokerIP1(), server.port());
        codes = new Codes(server::registerHandler);
        producers = new CheckSenders(clients);
        transactionChecks = installTransactions();
        client = BrokerParts.nameServerClient(config, teardown);
        topics.mappings().peers(new PeerBrokers(client, () -> settings.current().namesrvAddr()));
        registration = Threads.single("bolide-broker-register");
        registrar = newRegistrar(auth.innerSigner());
        teardown.push("unregistering from name servers", this::unregisterUnlessSwitching);
        teardown.push("stopping the registration thread", () -> Threads.stop(registration));
        admin = installFeatures();
        metrics = startMetrics();
        // Every handler is registered: connect, then tell the name servers (startDuties) we exist.
        server.accept();
        duties = startDuties();
        teardown.push("stopping the duty thread", duties::close);
        teardown.push("stopping the server", () -> server.shutdown(SERVER_GRACE));
        teardown.push("answering held pulls and pops", arrivals::answerHeld);
    }

    private ConsoleServer startConsole(AdminPlane admin) throws IOException {
        return BrokerParts.console(
                new ConsoleState(
                        config,
                        self.address(),
                        topics,
                        offsets,
                        clients,
                        store,
                        admin,
                        server.localCalls(),
                        auth.consoleAccess(),
                        client,
                        auth.innerSigner(),
                        groups,
                        // The endpoint starts after the console: read it when a chart asks.
                        () -> metrics == null ? null : metrics.latency()),
                teardown);
    }

    /**
     * Opens, serves and registers a broker (epoch 0: classic HA; else in a controller's role for
     * that term) on {@code kept}, the broker's store across role switches, else (null) on its own;
     * on failure closes what was opened and rethrows.
     */
    static Components start(BrokerConfig config, int epoch, ControllerAgent agent, StoreSide kept)
            throws IOException {
        Teardown teardown = new Teardown();
        try {
            return new Components(config, teardown, epoch, agent, kept);
        } catch (IOException | RuntimeException e) {
            teardown.close();
            throw e;
        }
    }

    /** Transactions first (recovered before any send); their check thread closes early. */
    private DutyThread installTransactions() {
        DutyThread checks =
                TransactionFeature.install(
                        codes,
                        settings::current,
                        topics,
                        store,
                        producers,
                        offsets,
                        self,
                        stats.transactions());
        teardown.push("stopping transaction checks", checks::close);
        return checks;
    }

    /** Every feature but transactions (installed earlier) serves its codes; see Codes.SERVED. */
    private AdminPlane installFeatures() throws IOException {
        lite = Lite.open(config, settings::current);
        SendFeature.install(
                codes,
                settings::current,
                topics,
                store,
                delay.router(),
                self,
                stats,
                new SendFeature.Sinks(ha.forSends(config.brokerRole()), lite.topics(), requesters));
        SendFeature.installReplies(
                codes, settings::current, topics, store, self, stats, clients, requesters);
        installPull();
        ConsumerFeature.install(codes, clients, offsets, groups, store, settings::current);
        FilterFeature.install(codes, settings::current);
        RetryFeature.install(
                codes, settings::current, topics, store, delay.router(), self, groups, stats);
        TopicFeature.install(codes, topics, offsets, store);
        installPopAndRecall();
        QueryFeature.install(codes, store, topics.mappings());
        installReplicaCodes();
        auth.install(codes, authChanges);
        AdminPlane plane = installOperatorCodes();
        codes.checkComplete();
        return plane;
    }

    /** Pulls, with their per-group cold-read accounting (2001–2003). */
    private void installPull() {
        ColdReads coldReads =
                new ColdReads(
                        settings::current,
                        store,
                        PullFeature.physicalMemory(),
                        System::currentTimeMillis);
        PullFeature.install(
                codes,
                settings::current,
                topics,
                clients,
                offsets,
                store,
                hold,
                new PullFeature.Site(self.address(), stats, coldReads));
        ColdReadFeature.install(codes, coldReads);
    }

    /** What mqadmin and the stats commands ask: configuration, tables, counters. */
    private AdminPlane installOperatorCodes() throws IOException {
        AdminPlane plane =
                AdminPlane.install(
                        codes,
                        config,
                        new AdminSettings(settings),
                        topics,
                        offsets,
                        clients,
                        store,
                        bootMillis);
        StatsFeature.install(codes, stats);
        OperationsPlane.install(
                codes,
                new Tables(topics, offsets, groups, clients, config.brokerName(), self.address()),
                store,
                stats);
        // The console last: it reads the traffic sampler just made and calls the handlers above.
        console = startConsole(plane);
        return plane;
    }

    /** What slaves fetch from a master, and controller mode's codes. */
    private void installReplicaCodes() {
        SlaveFeature.install(codes, offsets, delay);
        ControllerFeature.install(codes, agent, config, store);
        HaStatusHandler.install(codes, ha::runtime);
    }

    /** POP; its thread is stopped (log written) before the store closes. */
    private void installPopAndRecall() throws IOException {
        delay.serveRecalls(codes, settings::current, topics, store, self);
        Path dir = config.storePathRootDir().resolve("config");
        PopFeature.Tables tables =
                new PopFeature.Tables(topics, clients, offsets, groups, dir, self);
        PopFeature pop = BrokerParts.pop(codes, settings, tables, store, teardown, stats, lite);
        arrivals.pops(pop);
        grpc =
                BrokerParts.grpc(
                        settings,
                        tables,
                        store,
                        pop,
                        server,
                        auth,
                        new BrokerParts.GrpcPeers(producers, lite),
                        teardown);
        arrivals.grpc(grpc);
    }

    /** The metrics endpoint when configured, reading the parts opened above at each scrape. */
    private MetricsEndpoint startMetrics() throws IOException {
        MetricsEndpoint endpoint = MetricsEndpoint.start(config.metrics(), server);
        if (endpoint == null) {
            return null;
        }
        teardown.push("closing the metrics endpoint", endpoint::close);
        Sources sources =
                new Sources(
                        settings::current,
                        stats,
                        store,
                        topics,
                        offsets,
                        groups,
                        clients,
                        hold,
                        ha::stateOrNull,
                        arrivals::popPosition);
        MetricsFeature.install(endpoint, sources, Clock.systemUTC());
        return endpoint;
    }

    /**
     * The registrar; its requests carry the broker's inner credentials when authentication is on,
     * and a slave's HA client follows the master its answers name.
     */
    private NameServerRegistrar newRegistrar(RequestSigner inner) {
        NameServerRegistrar made =
                new NameServerRegistrar(
                        config,
                        self.address(),
                        ha.address(self, config, server.port()),
                        topics,
                        client,
                        registration,
                        inner == null ? HeaderSigner.NONE : inner::sign);
        HaClient follower = ha.client();
        if (follower != null) {
            if (agent != null) {
                made.master().expect(agent.expectedMaster());
            }
            made.master().listen(follower::masterHaAddress);
        }
        // brokerPermission changes live: the table is registered again with the topics masked.
        made.permission(settings.current().brokerPermission());
        settings.onChange(
                changed -> {
                    if (made.permission(changed.brokerPermission())) {
                        topics.reannounce();
                    }
                });
        return made;
    }

    /** A slave first follows its master; then the duties start, following live changes. */
    private DutyThread startDuties() {
        followIfSlave();
        DutyThread started =
                BrokerDuties.start(
                        settings::current,
                        registrar,
                        new BrokerDuties.Tables(
                                topics, offsets, groups, clients, lite.subscriptions()),
                        admin,
                        stats);
        LiveParts.follow(settings, config, topics, delay.router(), started, transactionChecks);
        return started;
    }

    private void followIfSlave() {
        if (!config.brokerRole().isMaster()) {
            SlaveSide.follow(
                    registrar,
                    self.address(),
                    client,
                    auth,
                    new Replicated(
                            topics,
                            offsets,
                            groups,
                            delay,
                            auth.checksRequests() ? auth::adopt : null),
                    agent != null,
                    teardown);
        }
    }

    int port() {
        return server.port();
    }

    /** The advertised {@code host:port}. */
    String address() {
        return self.address();
    }

    TopicTable topics() {
        return topics;
    }

    MessageStore store() {
        return store;
    }

    /** Replication as this broker sees it: its slaves (a master) or its link (a slave). */
    ReplicationState replication() {
        return ha.state();
    }

    /** The slave's HA client (to point it at a master learned later), or null on a master. */
    HaClient haClient() {
        return ha.client();
    }

    /** A master's HA side, or null on a slave. */
    HaMaster haMaster() {
        return ha.master();
    }

    void registerAgain() { // with the name servers, now
        registrar.registerAll();
    }

    /** The bound HA port of a master, or 0 on a slave. */
    int haPort() {
        return ha.port();
    }

    /** A slave's master as the name servers describe it; null on a master. */
    MasterAddress master() {
        return registrar.master();
    }

    int grpcPort() { // 0 when there is none
        return grpc == null ? 0 : grpc.port();
    }

    int metricsPort() { // 0 when there is none
        return metrics == null ? 0 : metrics.port();
    }

    int heldPulls() {
        return hold.heldCount();
    }

    int heldReceives() {
        return grpc == null ? 0 : grpc.heldReceives();
    }

    /** The handlers registered, by request code (for the test that they match Codes.SERVED). */
    java.util.Map<Integer, io.bolide.remoting.RequestHandler> servedCodes() {
        return codes.registered();
    }

    /** Takes everything down, in reverse of the order it came up. */
    void close() {
        teardown.close();
    }

    /**
     * As {@link #close()} for a role switch, without unregistering (a round trip to each name
     * server): the new role registers at once, and a name server drops the old role's entry when
     * the registering connection closes (the reference's brokers switch so too).
     */
    void closeForRoleSwitch() {
        switchingRole = true;
        teardown.close();
    }

    private void unregisterUnlessSwitching() {
        if (!switchingRole) {
            registrar.unregisterAll();
        }
    }
}
