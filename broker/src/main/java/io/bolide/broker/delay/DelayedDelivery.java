package io.bolide.broker.delay;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.TimerStats;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TimerCheckpoint;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;
import io.bolide.store.TagsCodeRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ThreadFactory;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delayed delivery: delay levels ({@code DELAY}, via {@link DelayTopics#SCHEDULE_TOPIC}) and timer
 * messages ({@code TIMER_*}, via {@link DelayTopics#TIMER_TOPIC}). The send path asks {@link
 * #router()} where a message goes; one thread ({@code bolide-delay}) then re-puts each message to
 * its real topic when due, looking only at queue heads and due timer slots, idling {@value
 * #IDLE_MS} ms between empty passes. Progress is kept in {@code delayOffset.json} and {@code
 * timerCheckpoint.json} under the broker's config directory.
 *
 * <pre>{@code
 * StoreConfig.builder(root).tagsCodeRule(DelayedDelivery.tagsCodeRule(config))...;
 * DelayedDelivery delay = DelayedDelivery.start(config, store, root.resolve("config"));
 * DelayRoute route = delay.router().route(properties, topic, queueId, sysFlag, now);
 * delay.close(); // before the store
 * }</pre>
 */
public final class DelayedDelivery implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DelayedDelivery.class);
    static final long IDLE_MS = 5;

    private final DelayRouter router;
    private final ScheduleAgent levels;
    private final TimerAgent timers;
    private final TimerMetricsFile metrics;
    private final AgentRunner runner;
    private volatile boolean running;

    private DelayedDelivery(
            DelayRouter router, ScheduleAgent levels, TimerAgent timers, TimerMetricsFile metrics) {
        this.router = router;
        this.levels = levels;
        this.timers = timers;
        this.metrics = metrics;
        this.runner =
                new AgentRunner(
                        new SleepingMillisIdleStrategy(IDLE_MS),
                        e -> LOG.warn("delayed delivery failed; retrying", e),
                        null,
                        new CompositeAgent(levels, timers));
    }

    /**
     * Serves RECALL_MESSAGE (370): a timer message's recall handle cancels it before it is due;
     * {@code config} is read per request (the switch is live).
     */
    public void serveRecalls(
            Codes codes,
            Supplier<BrokerConfig> config,
            TopicTable topics,
            MessageStore store,
            Advertised self) {
        codes.serve(
                RequestCode.RECALL_MESSAGE,
                new RecallMessageHandler(
                        config,
                        topics,
                        store,
                        new RecallRecord(router, self.hostBytes(), self.port())));
    }

    /** The store's tags-code rule: schedule entries carry their due time. */
    public static TagsCodeRule tagsCodeRule(DelayConfig config) {
        return new ScheduleTagsCode(config.levels());
    }

    /**
     * Loads the progress files from {@code configDir} and starts delivering from {@code store}.
     *
     * @throws IOException if a progress file cannot be read
     */
    public static DelayedDelivery start(
            DelayConfig config, MessageStore store, Path configDir, TimerStats stats)
            throws IOException {
        return start(config, store, configDir, System::currentTimeMillis, stats);
    }

    /**
     * Loads the progress files but delivers nothing: a slave's, which cannot write and follows its
     * master's progress through {@link #adoptProgress(String)}.
     */
    public static DelayedDelivery follow(DelayConfig config, MessageStore store, Path configDir)
            throws IOException {
        return open(config, store, configDir, System::currentTimeMillis, new TimerStats());
    }

    static DelayedDelivery start(
            DelayConfig config,
            MessageStore store,
            Path configDir,
            LongSupplier clock,
            TimerStats stats)
            throws IOException {
        DelayedDelivery delivery = open(config, store, configDir, clock, stats);
        ThreadFactory threads =
                r -> {
                    Thread thread = new Thread(r, "bolide-delay");
                    thread.setDaemon(true);
                    return thread;
                };
        AgentRunner.startOnThread(delivery.runner, threads);
        delivery.running = true;
        return delivery;
    }

    private static DelayedDelivery open(
            DelayConfig config,
            MessageStore store,
            Path configDir,
            LongSupplier clock,
            TimerStats stats)
            throws IOException {
        ScheduleAgent levels =
                new ScheduleAgent(
                        store, config, new StateFile(configDir.resolve("delayOffset.json")), clock);
        TimerAgent timers =
                new TimerAgent(
                        store,
                        config,
                        new StateFile(configDir.resolve("timerCheckpoint.json")),
                        clock,
                        stats);
        TimerMetricsFile metrics =
                new TimerMetricsFile(
                        new StateFile(configDir.resolve("timermetrics")), clock.getAsLong());
        return new DelayedDelivery(new DelayRouter(config), levels, timers, metrics);
    }

    /** The delay levels' progress as the reference's {@code delayOffset.json} text. */
    public String progress() {
        return levels.json();
    }

    /**
     * Takes a master's delay progress ({@link #progress()} of the master), persisted; only on a
     * broker that does not deliver ({@link #follow}).
     */
    public void adoptProgress(String masterJson) throws IOException {
        if (running) {
            throw new IllegalStateException("delivering: the progress is this broker's own");
        }
        levels.adopt(masterJson);
    }

    /** The timer messages' progress as last written, in the reference's terms. */
    public TimerCheckpoint timerCheckpoint() {
        return timers.checkpoint();
    }

    /**
     * Takes a master's timer progress ({@link #timerCheckpoint()} of the master, or an Apache
     * master's), persisted; only on a broker that does not deliver ({@link #follow}).
     */
    public void adoptTimerCheckpoint(TimerCheckpoint master) throws IOException {
        if (running) {
            throw new IllegalStateException("delivering: the timer progress is this broker's own");
        }
        timers.adopt(master);
    }

    /** The timer metrics this broker serves, as the reference's {@code timermetrics} text. */
    public String timerMetrics() {
        return metrics.json();
    }

    /**
     * Takes a master's timer metrics (its GET_TIMER_METRICS text), persisted when their version
     * differs from the copy held.
     *
     * @return whether they were written
     * @throws IllegalArgumentException if the text carries no data version
     */
    public boolean adoptTimerMetrics(String masterJson) throws IOException {
        return metrics.adopt(masterJson);
    }

    /** Decides where a sent message is stored (delayed, direct or refused). */
    public DelayRouter router() {
        return router;
    }

    /**
     * Progress of a delay level: queue offsets of {@link DelayTopics#SCHEDULE_TOPIC} queue {@code
     * level - 1} below it have been delivered (read racily; for admin views and tests).
     */
    public long levelOffset(int level) {
        return levels.offset(level);
    }

    /** Timer messages waiting (read racily; for admin views and tests). */
    public int pendingTimers() {
        return timers.pending();
    }

    /** Stops the delivery thread and persists progress; call before closing the store. */
    @Override
    public void close() {
        if (running) {
            runner.close();
        }
    }
}
