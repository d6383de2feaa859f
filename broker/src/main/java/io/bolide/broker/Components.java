package io.bolide.broker;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.GetConsumerListByGroupHandler;
import io.bolide.broker.consumer.HeartbeatHandler;
import io.bolide.broker.consumer.LockBatchMqHandler;
import io.bolide.broker.consumer.QueryConsumerOffsetHandler;
import io.bolide.broker.consumer.QueueLockTable;
import io.bolide.broker.consumer.UnlockBatchMqHandler;
import io.bolide.broker.consumer.UnregisterClientHandler;
import io.bolide.broker.consumer.UpdateConsumerOffsetHandler;
import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.filter.CheckClientConfigHandler;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.broker.pull.PullMessageHandler;
import io.bolide.broker.pull.Puller;
import io.bolide.broker.query.GetEarliestMsgStoretimeHandler;
import io.bolide.broker.query.GetMaxOffsetHandler;
import io.bolide.broker.query.GetMinOffsetHandler;
import io.bolide.broker.query.QueryMessageHandler;
import io.bolide.broker.query.SearchOffsetByTimestampHandler;
import io.bolide.broker.query.ViewMessageByIdHandler;
import io.bolide.broker.registration.AdvertisedHost;
import io.bolide.broker.registration.NameServerRegistrar;
import io.bolide.broker.retry.ConsumerSendMsgBackHandler;
import io.bolide.broker.retry.RetryPut;
import io.bolide.broker.send.DelayedSend;
import io.bolide.broker.send.SendBatchMessageHandler;
import io.bolide.broker.send.SendChecks;
import io.bolide.broker.send.SendMessageHandler;
import io.bolide.broker.send.SendResponder;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.DeferredPersist;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.topic.DeleteTopicInBrokerHandler;
import io.bolide.broker.topic.GetAllTopicConfigHandler;
import io.bolide.broker.topic.UpdateAndCreateTopicHandler;
import io.bolide.broker.transaction.EndTransactionHandler;
import io.bolide.broker.transaction.TransactionCheckAgent;
import io.bolide.broker.transaction.TransactionCheckSender;
import io.bolide.broker.transaction.TransactionConfig;
import io.bolide.broker.transaction.TransactionOffsets;
import io.bolide.broker.transaction.Transactions;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.FlushMode;
import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's assembly: opens the tables and the store, wires each handler with exactly what it
 * uses, schedules the periodic duties, and takes it all down in order.
 */
public final class Components {
    private static final Logger LOG = LoggerFactory.getLogger(Components.class);
    private static final long EXPIRY_SCAN_MS = 10_000;

    private final BrokerConfig config;
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final PullHoldAgent hold = new PullHoldAgent();
    private final ClientRegistry clients;
    private final ScheduledExecutorService scheduler;
    private final ScheduledExecutorService registration;
    private final SubscriptionGroupTable groups;
    private final AdminPlane admin;
    private MessageStore store;
    private RemotingServer server;
    private RemotingClient client;
    private NameServerRegistrar registrar;
    private DelayedDelivery delay;
    private TransactionCheckAgent transactionChecks;

    private Components(BrokerConfig config) {
        this.config = config;
        Path configDir = config.storePathRootDir().resolve("config");
        this.topics = new TopicTable(new JsonFile(configDir.resolve("topics.json")));
        this.offsets =
                new ConsumerOffsetTable(new JsonFile(configDir.resolve("consumerOffset.json")));
        this.clients = new ClientRegistry(topics);
        BrokerSettings settings = new BrokerSettings(config);
        this.groups =
                new SubscriptionGroupTable(
                        new JsonFile(configDir.resolve("subscriptionGroup.json")),
                        () -> settings.current().autoCreateSubscriptionGroup());
        this.admin = new AdminPlane(config, new AdminSettings(settings), groups);
        this.scheduler = singleThread("bolide-broker-scheduler");
        // Its own thread, so a registration never waits behind a table written to disk.
        this.registration = singleThread("bolide-broker-register");
    }

    private static ScheduledExecutorService singleThread(String name) {
        ScheduledThreadPoolExecutor executor =
                new ScheduledThreadPoolExecutor(
                        1,
                        r -> {
                            Thread thread = new Thread(r, name);
                            thread.setDaemon(true);
                            return thread;
                        });
        // Moot at shutdown: a delayed table write (close writes the tables) or registration retry.
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return executor;
    }

    static Components open(BrokerConfig config) throws IOException {
        Components parts = new Components(config);
        try {
            parts.topics.load(config);
            parts.offsets.load();
            parts.groups.load();
            parts.store = MessageStore.open(storeConfig(config, parts.hold));
            parts.delay =
                    DelayedDelivery.start(
                            config.delayConfig(),
                            parts.store,
                            config.storePathRootDir().resolve("config"));
        } catch (IOException | RuntimeException e) {
            parts.close();
            throw e;
        }
        return parts;
    }

    static StoreConfig storeConfig(BrokerConfig config, PullHoldAgent listener) {
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
                .arrivalListener(listener)
                .tagsCodeRule(DelayedDelivery.tagsCodeRule(config.delayConfig()))
                .build();
    }

    /** Binds, registers the handlers and starts the duties; returns the advertised address. */
    String serve() throws IOException {
        server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress(config.bindAddress())
                                .port(config.listenPort())
                                .ioThreads(config.serverWorkerThreads())
                                .build());
        try {
            server.start();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while binding", e);
        }
        String host = AdvertisedHost.choose(config.brokerIP1());
        String address = host + ":" + server.port();
        register(host, address);
        serveTransactions(host);
        registerOrderlyAndQueries();
        admin.install(server, topics, offsets, clients, store);
        startDuties(address);
        return address;
    }

    int port() {
        return server.port();
    }

    TopicTable topics() {
        return topics;
    }

    int heldPulls() {
        return hold.heldCount();
    }

    private void register(String host, String address) {
        SendChecks checks = new SendChecks(config, topics, address);
        SendResponder responder =
                new SendResponder(
                        AdvertisedHost.bytes(host), server.port(), config, checks.illegalRemark());
        Puller puller = new Puller(store, hold, 0);
        hold.start(puller);
        RequestHandler send =
                new SendMessageHandler(checks, responder, store, new DelayedSend(delay.router()));
        RequestHandler pull =
                new PullMessageHandler(config, topics, clients, offsets, puller, address);
        handle(RequestCode.SEND_MESSAGE, send);
        handle(RequestCode.SEND_MESSAGE_V2, send);
        handle(
                RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageHandler(checks, responder, store));
        handle(RequestCode.PULL_MESSAGE, pull);
        handle(RequestCode.LITE_PULL_MESSAGE, pull);
        handle(RequestCode.QUERY_CONSUMER_OFFSET, new QueryConsumerOffsetHandler(offsets, store));
        handle(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetHandler(offsets));
        handle(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetHandler(store));
        handle(RequestCode.GET_MIN_OFFSET, new GetMinOffsetHandler(store));
        handle(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, new SearchOffsetByTimestampHandler(store));
        handle(RequestCode.GET_EARLIEST_MSG_STORETIME, new GetEarliestMsgStoretimeHandler(store));
        handle(RequestCode.HEART_BEAT, new HeartbeatHandler(clients, groups));
        handle(RequestCode.UNREGISTER_CLIENT, new UnregisterClientHandler(clients));
        handle(RequestCode.GET_CONSUMER_LIST_BY_GROUP, new GetConsumerListByGroupHandler(clients));
        handle(RequestCode.UPDATE_AND_CREATE_TOPIC, new UpdateAndCreateTopicHandler(topics));
        handle(
                RequestCode.DELETE_TOPIC_IN_BROKER,
                new DeleteTopicInBrokerHandler(topics, store, offsets));
        handle(RequestCode.GET_ALL_TOPIC_CONFIG, new GetAllTopicConfigHandler(topics));
        registerSendBack(responder, address);
    }

    private void serveTransactions(String host) {
        Transactions transactions =
                new Transactions(
                        store,
                        new TransactionConfig(
                                config.transactionTimeOut(),
                                config.transactionCheckInterval(),
                                config.transactionCheckMax()),
                        AdvertisedHost.bytes(host),
                        server.port(),
                        config.brokerName(),
                        new TransactionCheckSender(clients),
                        new TransactionOffsets(offsets),
                        System::currentTimeMillis);
        transactions.recover();
        handle(RequestCode.END_TRANSACTION, new EndTransactionHandler(transactions));
        transactionChecks =
                new TransactionCheckAgent(transactions, config.transactionCheckInterval());
        transactionChecks.start();
    }

    /** Queue locks for orderly consumers, message lookups, and the SQL92 filter check. */
    private void registerOrderlyAndQueries() {
        QueueLockTable locks =
                new QueueLockTable(config.rebalanceLockMaxLiveTime(), System::currentTimeMillis);
        handle(RequestCode.LOCK_BATCH_MQ, new LockBatchMqHandler(locks));
        handle(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqHandler(locks));
        handle(RequestCode.QUERY_MESSAGE, new QueryMessageHandler(store));
        handle(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageByIdHandler(store));
        handle(RequestCode.CHECK_CLIENT_CONFIG, new CheckClientConfigHandler(config));
    }

    private void handle(int code, RequestHandler handler) {
        server.registerHandler(code, handler);
    }

    /** Retry and dead-letter queues; the copy is stored through the {@link RetryPut} seam. */
    private void registerSendBack(SendResponder responder, String address) {
        RetryPut put = RetryPut.delayed(store, delay.router());
        handle(
                RequestCode.CONSUMER_SEND_MSG_BACK,
                new ConsumerSendMsgBackHandler(config, topics, store, put, responder, address));
    }

    private void startDuties(String address) {
        client = new RemotingClient(RemotingClientConfig.builder().ioThreads(1).build());
        registrar = new NameServerRegistrar(config, address, topics, client, registration);
        DeferredPersist topicFile =
                new DeferredPersist(
                        (task, delayMs) -> scheduler.schedule(task, delayMs, TimeUnit.MILLISECONDS),
                        topics::persist,
                        System::nanoTime);
        // The registration first: an admin's creation is answered when it completes.
        topics.onChange(
                topic -> {
                    CompletableFuture<Void> registered = registrar.topicChanged(topic);
                    topicFile.changed();
                    return registered;
                });
        scheduler.execute(this::persistTopics);
        long period = Math.max(10_000, Math.min(60_000, config.registerNameServerPeriod()));
        registrar.registerAll();
        every(period, registrar::heartbeat);
        every(config.flushConsumerOffsetInterval(), this::persistOffsets);
        every(AdminPlane.SAMPLE_PERIOD_MS, admin::sample);
        every(config.flushConsumerOffsetInterval(), this::persistGroups);
        every(
                Math.min(EXPIRY_SCAN_MS, config.channelExpiredTimeout() / 2),
                () -> clients.expire(System.currentTimeMillis() - config.channelExpiredTimeout()));
    }

    private void every(long periodMs, Runnable duty) {
        scheduler.scheduleAtFixedRate(
                () -> {
                    try {
                        duty.run();
                    } catch (RuntimeException | Error e) {
                        LOG.warn("scheduled broker duty failed", e);
                    }
                },
                periodMs,
                periodMs,
                TimeUnit.MILLISECONDS);
    }

    private void persistTopics() {
        try {
            topics.persist();
        } catch (IOException e) {
            LOG.warn("cannot persist topics", e);
        }
    }

    private void persistOffsets() {
        try {
            offsets.persist();
        } catch (IOException e) {
            LOG.warn("cannot persist consumer offsets", e);
        }
    }

    private void persistGroups() {
        try {
            groups.persist();
        } catch (IOException e) {
            LOG.warn("cannot persist subscription groups", e);
        }
    }

    /** Takes everything down in order; safe on a partly opened assembly. */
    void close() {
        hold.onClose();
        if (server != null) {
            try {
                server.shutdown(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stop(scheduler);
        stop(registration);
        if (registrar != null) {
            registrar.unregisterAll();
        }
        if (client != null) {
            client.close();
        }
        if (transactionChecks != null) {
            transactionChecks.close();
        }
        persistOffsets();
        persistTopics();
        if (delay != null) {
            delay.close();
        }
        persistGroups();
        closeStore();
    }

    private static void stop(ScheduledExecutorService executor) {
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeStore() {
        if (store == null) {
            return;
        }
        try {
            store.close();
        } catch (IOException e) {
            LOG.warn("closing the store failed", e);
        }
    }
}
