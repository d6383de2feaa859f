package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import org.agrona.concurrent.CompositeAgent;

/**
 * The message store: a commit log of RocketMQ-format records, consume queues and a key index built
 * from it by a dispatch agent, group-committed flushing, crash recovery and retention. Appends are
 * asynchronous (a future); reads return retained slices of the mapped commit log.
 */
public final class MessageStore implements AutoCloseable {
    private final StoreConfig config;
    private final StoreFailure failure;
    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final QueueReader reader;
    private final Checkpoint checkpoint;
    private final StoreLock lock;
    private final Path abortFile;
    private final DispatchAgent dispatch;
    private final LingeringIdleStrategy dispatchIdle;
    private final FlushAgent flush;
    private final CheckpointAgent checkpointAgent;
    private final RetentionAgent retention;
    private final LocalBudget localBudget;
    private final MappingBudget budget;
    private final AgentGroup agents;
    private final StoreRewind rewind;
    private final ReadLimit readLimit = new ReadLimit(this::signalDispatch);
    private volatile BooleanSupplier writeGate;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MessageStore(StoreConfig config, StoreLock lock) throws IOException {
        this.config = config;
        this.lock = lock;
        Path root = config.root();
        this.failure = new StoreFailure();
        this.abortFile = root.resolve("abort");
        this.checkpoint = Checkpoint.open(root.resolve("checkpoint"));
        long limit = config.mappedMemoryLimit();
        this.budget = new MappingBudget(limit == 0 ? Long.MAX_VALUE : limit);
        this.log = new CommitLog(CommitLogChain.open(config, budget), config, failure);
        WindowPlan small = new WindowPlan(WindowPlan.DEFAULT_WINDOW, 0, budget);
        this.queues =
                new ConsumeQueueTable(
                        root.resolve("consumequeue"),
                        config.consumeQueueFileSize(),
                        config.preallocate(),
                        small);
        this.index = new IndexService(root.resolve("index"), config, IndexFile.windows(budget));
        this.reader = new QueueReader(log, queues, index);
        this.dispatch = new DispatchAgent(log, queues, index, config, failure, readLimit);
        this.dispatchIdle = LingeringIdleStrategy.forDispatch(dispatch::pendingWork);
        this.flush = new FlushAgent(log, config);
        this.checkpointAgent =
                new CheckpointAgent(
                        log,
                        queues,
                        index,
                        dispatch,
                        checkpoint,
                        failure,
                        config.checkpointIntervalMs());
        this.retention = new RetentionAgent(log, queues, index, failure, config);
        this.localBudget = new LocalBudget(log, dispatch, retention, closed);
        this.agents = new AgentGroup(failure);
        this.rewind =
                new StoreRewind(log, queues, dispatch, checkpointAgent, agents, this::runAgents);
    }

    /**
     * Opens (creating if needed) the store at {@code config.root()}, recovering after a crash, and
     * starts its agents.
     *
     * @throws IOException if the store cannot be read, or another process has it open
     */
    public static MessageStore open(StoreConfig config) throws IOException {
        Files.createDirectories(config.root());
        StoreLock lock = StoreLock.acquire(config.root());
        try {
            MessageStore store = new MessageStore(config, lock);
            store.recoverAndStart();
            return store;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private void recoverAndStart() throws IOException {
        boolean crashed = Files.exists(abortFile);
        log.chain().load();
        long end = CommitLogRecovery.recover(log, checkpoint, crashed);
        long dispatchFrom = dispatchStart(crashed, end);
        queues.load(log, crashed ? dispatchFrom : end, !crashed);
        index.load(crashed);
        dispatch.startFrom(dispatchFrom);
        if (config.holdReadsAtOpen() && config.replica()) {
            readLimit.holdAt(dispatchFrom);
        }
        dispatch.catchUp();
        for (ConsumeQueue queue : queues.all()) {
            log.initQueueOffset(queue.topic(), queue.queueId(), queue.maxOffset());
        }
        Files.write(abortFile, new byte[0]);
        if (failure.failed()) {
            throw new IOException("store recovery failed", failure.cause());
        }
        startAgents();
    }

    private long dispatchStart(boolean crashed, long end) {
        long min = log.minOffset();
        long from = min;
        if (checkpoint.present()) {
            long safe = CommitLogRecovery.clamp(checkpoint.dispatchSafe(), min, end);
            from = crashed ? Math.min(safe, end) : safe;
        }
        // What the tier holds was dispatched before it was offloaded (#36): its queue entries stay.
        return log.chain().cold() == null ? from : Math.max(from, log.chain().localStart(end));
    }

    private void startAgents() {
        if (config.flushMode() == FlushMode.SYNC) {
            flush.afterFlush(dispatchIdle::signal);
        }
        runAgents();
    }

    private void runAgents() {
        agents.start(flush, flush.idleStrategy());
        agents.start(dispatch, dispatchIdle);
        agents.start(
                new CompositeAgent(checkpointAgent, retention, new MappingAgent(budget)),
                new ParkingIdleStrategy(TimeUnit.MILLISECONDS.toNanos(10), () -> false));
    }

    /** Appends one record; completes after the append (ASYNC) or after its flush (SYNC). */
    public CompletableFuture<PutResult> put(RecordWriter record) {
        PutStatus refused = refusal();
        if (refused != null) {
            return CompletableFuture.completedFuture(PutResult.failed(refused));
        }
        return afterAppend(log.append(record));
    }

    /** Appends records as one contiguous unit (all in one segment, consecutive queue offsets). */
    public CompletableFuture<PutResult> putBatch(List<? extends RecordWriter> records) {
        PutStatus refused = refusal();
        if (refused != null) {
            return CompletableFuture.completedFuture(PutResult.failed(refused));
        }
        return afterAppend(log.appendBatch(records));
    }

    private PutStatus refusal() {
        if (closed.get() || log.replica()) {
            return PutStatus.SERVICE_NOT_AVAILABLE;
        }
        BooleanSupplier gate = writeGate;
        if (gate != null && !gate.getAsBoolean()) {
            return PutStatus.IN_SYNC_REPLICAS_NOT_ENOUGH;
        }
        ColdSegments cold = log.chain().cold();
        if (cold != null && cold.refusesWrites(localBudget.localBytes())) {
            return PutStatus.LOCAL_BUDGET_FULL;
        }
        return failure.failed() ? PutStatus.STORE_READ_ONLY : null;
    }

    private CompletableFuture<PutResult> afterAppend(PutResult result) {
        if (!result.isOk()) {
            PutResult r =
                    failure.failed() && result.status() == PutStatus.MESSAGE_ILLEGAL
                            ? result.withStatus(PutStatus.STORE_READ_ONLY)
                            : result;
            return CompletableFuture.completedFuture(r);
        }
        if (config.flushMode() == FlushMode.SYNC) {
            return flush.awaitFlush(result);
        }
        dispatchIdle.signal();
        return CompletableFuture.completedFuture(result);
    }

    /**
     * Up to {@code maxCount} records (and about {@code maxBytes}) of a queue from {@code offset},
     * keeping only entries whose tags code passes {@code tagsCodeFilter} (null: all).
     */
    public GetResult getMessages(
            String topic,
            int queueId,
            long offset,
            int maxCount,
            int maxBytes,
            LongPredicate tagsCodeFilter) {
        return reader.getMessages(topic, queueId, offset, maxCount, maxBytes, tagsCodeFilter, null);
    }

    /**
     * As {@link #getMessages(String, int, long, int, int, LongPredicate)}, then keeping only
     * records that also pass {@code recordFilter} (null: all), which sees each candidate record as
     * a slice of the commit log (a property filter reads the properties in place; skipped records
     * cost no copy). Skipped records still advance the next offset.
     */
    public GetResult getMessages(
            String topic,
            int queueId,
            long offset,
            int maxCount,
            int maxBytes,
            LongPredicate tagsCodeFilter,
            Predicate<ByteBuf> recordFilter) {
        return reader.getMessages(
                topic, queueId, offset, maxCount, maxBytes, tagsCodeFilter, recordFilter);
    }

    /** The record of {@code size} bytes at commit-log offset {@code physOffset}, or null. */
    public ByteBuf getMessage(long physOffset, int size) {
        return LogReads.read(log, physOffset, size);
    }

    /** The record at commit-log offset {@code physOffset} (view by offsetMsgId), or null. */
    public ByteBuf getMessage(long physOffset) {
        int size = LogReads.sizeAt(log, physOffset);
        return size < 0 ? null : LogReads.read(log, physOffset, size);
    }

    /** Smallest readable queue offset, or 0 for an unknown queue. */
    public long minOffset(String topic, int queueId) {
        ConsumeQueue queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.minOffset();
    }

    /** One past the largest readable queue offset, or 0 for an unknown queue. */
    public long maxOffset(String topic, int queueId) {
        ConsumeQueue queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.maxOffset();
    }

    /**
     * The tags code of the entry at {@code offset} of a queue (see {@link TagsCodeRule}), or {@link
     * Long#MIN_VALUE} when the queue has no readable entry there.
     */
    public long tagsCode(String topic, int queueId, long offset) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null || offset < queue.minOffset() || offset >= queue.maxOffset()) {
            return Long.MIN_VALUE;
        }
        return queue.tagsCode(offset);
    }

    /** The first queue offset stored at or after {@code timestamp} (max offset if none). */
    public long offsetByTime(String topic, int queueId, long timestamp) {
        return reader.offsetByTime(topic, queueId, timestamp);
    }

    /** Whether the store holds a consume queue for {@code topic} / {@code queueId}. */
    public boolean hasQueue(String topic, int queueId) {
        return queues.find(topic, queueId) != null;
    }

    /**
     * Up to {@code count} entries of a queue from {@code offset} on (admin tools' queue view); none
     * when the offset is outside the readable range.
     */
    public List<QueueEntry> queueEntries(String topic, int queueId, long offset, int count) {
        return reader.queueEntries(topic, queueId, offset, count);
    }

    /** Store timestamp of the record at {@code offset} of a queue, or -1. */
    public long storeTimestamp(String topic, int queueId, long offset) {
        return reader.storeTimestamp(topic, queueId, offset);
    }

    /** Records of {@code topic} whose KEYS or UNIQ_KEY is {@code key}, stored in [begin, end]. */
    public QueryResult queryByKey(String topic, String key, int maxNum, long begin, long end) {
        return reader.queryByKey(topic, key, maxNum, begin, end);
    }

    /** Forgets a topic: its consume queues go now, its records with the commit log's retention. */
    public void deleteTopic(String topic) throws IOException {
        log.removeTopic(topic);
        queues.deleteTopic(topic);
    }

    /** Estimated bytes of store files mapped and touched now (metrics, tests). */
    public long mappedResidentEstimate() {
        return budget.residentEstimate();
    }

    /** Pins and slices held on mapped windows now (tests). */
    long mappedUsers() {
        return budget.users();
    }

    /** Commit-log offset of the first byte still held. */
    public long minPhysicalOffset() {
        return log.minOffset();
    }

    /** Commit-log offset one past the last appended byte. */
    public long maxPhysicalOffset() {
        return log.writtenOffset();
    }

    /**
     * Appends bytes a master replicated, at exactly {@code offset} (see {@link
     * StoreConfig#replica()}): the current end of the log, or the start of a segment when the log
     * is empty. The bytes must not cross a segment's end. Dispatch builds the consume queues and
     * the index from them.
     *
     * @return the new end of the log
     * @throws IOException when the bytes would leave a gap, overlap or cross a segment boundary, or
     *     the store is read-only or closed; nothing is appended then
     */
    public long appendReplicated(long offset, ByteBuf bytes) throws IOException {
        if (closed.get()) {
            throw new IOException("the store is closed");
        }
        long end = log.appendReplicated(offset, bytes);
        dispatchIdle.signal();
        return end;
    }

    /**
     * Switches the store between a master's (local puts) and a replica's (bytes a master
     * replicated, {@link #appendReplicated}) at run time: a broker changing role under a
     * controller. A replica becoming a master first drops the part of a record it holds (no one
     * acknowledged it) and takes each queue's next offset from its records.
     */
    public synchronized void changeRole(boolean replica) throws IOException {
        if (closed.get()) {
            throw new IOException("the store is closed");
        }
        rewind.changeRole(replica);
    }

    /**
     * A condition every put must meet before it is appended (null: none), such as enough replicas
     * in sync; a put that fails it is refused with {@link PutStatus#IN_SYNC_REPLICAS_NOT_ENOUGH}.
     */
    public void writeGate(BooleanSupplier gate) {
        writeGate = gate;
    }

    /** Whether the store takes replicated bytes (a slave's) rather than local puts. */
    public boolean isReplica() {
        return log.replica();
    }

    /**
     * Cuts the commit log back to {@code offset}, a record boundary (a term's end a new master
     * agrees with); the queues' entries of the records cut go, each queue's next offset and
     * dispatch follow, a checkpoint is written. Index entries stay: a lookup checks its record.
     *
     * @return the new end of the log (the old one when it did not reach past {@code offset})
     * @throws IOException below the first byte held, or when the store is closed or failing
     */
    public synchronized long truncateTo(long offset) throws IOException {
        if (closed.get()) {
            throw new IOException("the store is closed");
        }
        readLimit.cutTo(offset);
        return rewind.truncateTo(offset);
    }

    /** How far consumers may read (controller mode holds it at the confirm offset). */
    public ReadLimit readLimit() {
        return readLimit;
    }

    private void signalDispatch() {
        dispatchIdle.signal();
    }

    /**
     * A retained slice of the commit log from {@code offset} for a slave: at most {@code maxBytes},
     * within the one segment holding {@code offset}, up to the written end; null when there is
     * nothing (yet, or any more) at {@code offset}. The caller releases it.
     */
    public ByteBuf transferSlice(long offset, int maxBytes) {
        return TransferSlice.of(log, offset, maxBytes);
    }

    /** Size of the commit log's segments (a slave that reports 0 starts at the last one's base). */
    public int segmentSize() {
        return config.segmentSize();
    }

    /** Commit-log offset up to which records are on disk (forced), for the metrics endpoint. */
    public long flushedOffset() {
        return log.flushedOffset();
    }

    /** Commit-log offset up to which records are dispatched (readable through queues). */
    public long dispatchedOffset() {
        return dispatch.dispatchedOffset();
    }

    /** Why the store is read-only, or null while it accepts writes. */
    public Throwable failure() {
        return failure.cause();
    }

    /**
     * Deletes the consume queues of topics {@code keep} rejects (an operator's clean-up of topics
     * deleted from the broker's table); returns how many topics went.
     */
    public int deleteQueuesUnless(Predicate<String> keep) throws IOException {
        int deleted = 0;
        for (String topic : queues.topics()) {
            if (!keep.test(topic) && queues.deleteTopic(topic)) {
                log.removeTopic(topic);
                deleted++;
            }
        }
        return deleted;
    }

    /** Deletes the consume queues wholly below the commit log's first byte; returns how many. */
    public int deleteExpiredQueues() throws IOException {
        return queues.deleteExpired(log.minOffset());
    }

    /**
     * Deletes expired commit-log segments now, whatever the configured deletion hour (an operator's
     * request); returns segments deleted.
     */
    public int deleteExpiredNow() {
        return retention.runOnce(true);
    }

    /** The settings that change while the store runs: retention, the ASYNC flush period. */
    public StoreTuning tuning() {
        return new StoreTuning(retention, flush);
    }

    /** Tiered storage's hold on the local commit log (#36): sealed segments and eviction. */
    public LocalBudget localBudget() {
        return localBudget;
    }

    /** Runs one retention pass now (operators and tests); returns segments deleted. */
    public int runRetention() {
        return retention.runOnce();
    }

    /** Stops the agents, flushes everything, writes the checkpoint and marks a clean shutdown. */
    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        agents.stopAll();
        flush.onClose();
        dispatch.catchUp();
        boolean clean = checkpointAgent.checkpointNow();
        if (clean && !failure.failed()) {
            queues.saveTails();
            Files.deleteIfExists(abortFile);
        }
        release();
    }

    /** Stops the agents without flushing or checkpointing: a crash, for in-process tests. */
    void halt() throws IOException {
        if (closed.compareAndSet(false, true)) {
            agents.stopAll();
            release();
        }
    }

    private void release() throws IOException {
        queues.close();
        index.close();
        log.chain().close();
        checkpoint.close();
        lock.release();
    }
}
