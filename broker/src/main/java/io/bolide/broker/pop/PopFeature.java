package io.bolide.broker.pop;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.retry.RetryCopy;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.ArrivalListener;
import io.bolide.store.MessageStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.agrona.concurrent.AgentRunner;

/**
 * POP consumption (docs/protocol/pop.md): the broker hands messages out per group, each is
 * acknowledged on its own or becomes visible again after its invisible time. Bookkeeping in {@link
 * PopBook}, durable through the pop log {@code config/pop.log}; revive, long polling and log writes
 * on the {@code bolide-pop} thread.
 */
public final class PopFeature implements ArrivalListener, AutoCloseable {
    /** The pop log is rewritten as a snapshot once it grows past this. */
    static final long COMPACT_BYTES = 64L << 20;

    private final PopHold hold;
    private final AgentRunner runner;
    private final PopBook book;
    private final PopEngine engine;

    private PopFeature(PopHold hold, PopAgent agent, PopBook book, PopEngine engine) {
        this.hold = hold;
        this.book = book;
        this.engine = engine;
        this.runner = new AgentRunner(PopAgent.idle(), PopFeature::failed, null, agent);
    }

    /** What POP reads and writes besides the store: the broker's tables and where it stands. */
    public record Tables(
            TopicTable topics,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            Path configDir,
            Advertised self) {}

    /**
     * Opens the pop log, serves the POP codes and starts the {@code bolide-pop} thread. The caller
     * feeds the store's arrivals to the returned feature and closes it at shutdown.
     */
    public static PopFeature install(
            Codes codes,
            Supplier<BrokerConfig> config,
            Tables tables,
            MessageStore store,
            BrokerStats stats)
            throws IOException {
        PopBook book =
                PopBook.open(
                        tables.configDir().resolve("pop.log"),
                        tables.offsets(),
                        System::currentTimeMillis);
        RequestModes modes =
                new RequestModes(
                        new JsonFile(tables.configDir().resolve("messageRequestMode.json")));
        modes.load();
        IntSupplier maxBytes = () -> config.get().maxTransferBytesOnMessageInMemory();
        PriorityOrder priority =
                new PriorityOrder(
                        () -> java.util.concurrent.ThreadLocalRandom.current().nextInt(100),
                        () -> config.get().values().get(BrokerConfigKeys.PRIORITY.retryProbability),
                        () -> config.get().values().get(BrokerConfigKeys.PRIORITY.orderAsc));
        Popper popper =
                new Popper(book, store, tables.topics(), tables.offsets(), maxBytes, priority);
        PopAgent[] agent = new PopAgent[1];
        PopHold hold = new PopHold(System::currentTimeMillis, () -> agent[0].wake());
        PopMessageHandler pop =
                new PopMessageHandler(config, tables.topics(), tables.clients(), popper, hold);
        Reviver reviver =
                new Reviver(
                        book,
                        store,
                        tables.topics(),
                        tables.groups(),
                        new RetryCopy(store, tables.self()),
                        stats);
        agent[0] = new PopAgent(book, reviver, hold, pop, COMPACT_BYTES, System::nanoTime);
        serve(codes, config, tables, store, book, modes, pop);
        PopEngine engine = new PopEngine(popper, book, config.get().brokerName(), hold);
        PopFeature feature = new PopFeature(hold, agent[0], book, engine);
        AgentRunner.startOnThread(feature.runner);
        return feature;
    }

    static void serve(
            Codes codes,
            Supplier<BrokerConfig> settings,
            Tables tables,
            MessageStore store,
            PopBook book,
            RequestModes modes,
            PopMessageHandler pop) {
        TopicTable topics = tables.topics();
        BrokerConfig config = settings.get();
        codes.serve(RequestCode.POP_MESSAGE, pop);
        codes.serve(RequestCode.ACK_MESSAGE, new AckMessageHandler(topics, book));
        codes.serve(RequestCode.BATCH_ACK_MESSAGE, new BatchAckMessageHandler(topics, store, book));
        PollChecks checks = new PollChecks(settings, topics, tables.clients());
        codes.serve(
                RequestCode.NOTIFICATION,
                new NotificationHandler(checks, pop.popper(), pop.hold()));
        codes.serve(RequestCode.POLLING_INFO, new PollingInfoHandler(checks, pop.hold()));
        codes.serve(RequestCode.POP_ROLLBACK, new PopRollbackHandler());
        codes.serve(
                RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                new ChangeInvisibleTimeHandler(topics, book));
        codes.serve(
                RequestCode.PEEK_MESSAGE,
                new PeekMessageHandler(
                        topics, book, store, config::maxTransferBytesOnMessageInMemory));
        codes.serve(
                RequestCode.QUERY_ASSIGNMENT,
                new QueryAssignmentHandler(topics, tables.clients(), modes, config.brokerName()));
        codes.serve(RequestCode.SET_MESSAGE_REQUEST_MODE, new SetMessageRequestModeHandler(modes));
        codes.serve(
                RequestCode.GET_ALL_MESSAGE_REQUEST_MODE,
                new GetAllMessageRequestModeHandler(modes));
    }

    /**
     * Where {@code group} stands on a queue by POP: the next offset to hand out and how many
     * messages are popped and not acknowledged; null if it never popped the queue. For the
     * consumer-lag metrics (a scrape, not a hot path: it takes the queue's monitor briefly).
     */
    public PopPosition position(String group, String topic, int queueId) {
        PopQueue queue = book.find(new QueueKey(group, topic, queueId));
        if (queue == null) {
            return null;
        }
        synchronized (queue) {
            return new PopPosition(queue.popOffset(), queue.inFlightCount());
        }
    }

    /** POP for other front doors (gRPC), on the same book. */
    public PopEngine engine() {
        return engine;
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        hold.arrived(topic, queueId, queueOffset, tagsCode);
    }

    /** Answers held pops now and refuses new holds (the first step of a shutdown). */
    public void answerHeld() {
        hold.close();
    }

    /** Answers held pops, writes the pop log and stops the thread. */
    @Override
    public void close() {
        runner.close();
    }

    private static void failed(Throwable t) {
        org.slf4j.LoggerFactory.getLogger(PopFeature.class).error("pop agent failed", t);
    }
}
