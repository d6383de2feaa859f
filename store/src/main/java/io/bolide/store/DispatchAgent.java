package io.bolide.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the commit log (the "reput" duty): for each record up to the commit log's dispatch limit
 * it appends the consume-queue entry, indexes the keys and tells the arrival listener.
 */
final class DispatchAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(DispatchAgent.class);
    private static final int BATCH = 4096;

    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final ArrivalListener listener;
    private final TagsCodeRule tagsCodeRule;
    private final StoreFailure failure;
    private final DispatchRecord record = new DispatchRecord();
    private volatile long dispatchedOffset;
    private boolean stopped;
    private long listenerErrors;

    DispatchAgent(
            CommitLog log,
            ConsumeQueueTable queues,
            IndexService index,
            StoreConfig config,
            StoreFailure failure) {
        this.log = log;
        this.queues = queues;
        this.index = index;
        this.listener = config.arrivalListener();
        this.tagsCodeRule = config.tagsCodeRule();
        this.failure = failure;
    }

    void startFrom(long offset) {
        dispatchedOffset = offset;
    }

    long dispatchedOffset() {
        return dispatchedOffset;
    }

    boolean pendingWork() {
        return !stopped && dispatchedOffset < log.dispatchLimit();
    }

    /** Dispatches everything readable now (recovery and shutdown). */
    void catchUp() {
        while (doWork() > 0) {
            // keep going until the limit is reached
        }
    }

    @Override
    public int doWork() {
        int work = 0;
        long limit = log.dispatchLimit();
        while (!stopped && work < BATCH && dispatchedOffset < limit) {
            dispatchOne();
            work++;
        }
        return work;
    }

    private void dispatchOne() {
        long offset = dispatchedOffset;
        MappedSegment segment = log.chain().find(offset);
        if (segment == null) {
            if (offset < log.minOffset()) {
                dispatchedOffset = log.minOffset();
            } else {
                stop("no commit-log segment holds offset " + offset, null);
            }
            return;
        }
        int pos = (int) (offset - segment.baseOffset());
        ByteBuffer b = segment.buffer();
        if (StoredRecordFlyweight.magic(b, pos) == StoredRecordFlyweight.BLANK_MAGIC) {
            dispatchedOffset = segment.endOffset();
            return;
        }
        int size = StoredRecordFlyweight.totalSize(b, pos);
        if (size < StoredRecordFlyweight.MIN_SIZE
                || pos + size > segment.size()
                || !record.wrap(b, pos, offset)) {
            stop("malformed record at commit-log offset " + offset, null);
            return;
        }
        try {
            dispatch(record);
        } catch (IOException | UncheckedIOException e) {
            stop("dispatching commit-log offset " + offset, e);
            return;
        }
        dispatchedOffset = offset + size;
    }

    private void dispatch(DispatchRecord r) throws IOException {
        String topic = r.topic();
        ConsumeQueue queue = queues.findOrCreate(topic, r.queueId);
        long tagsCode = tagsCodeRule.tagsCode(topic, r.queueId, r.storeTimestamp, r.tagsCode);
        queue.append(r.queueOffset, r.phys, r.size, tagsCode);
        if (r.keysPos >= 0 || r.uniqKeyPos >= 0) {
            index.put(r);
        }
        try {
            listener.arrived(topic, r.queueId, r.queueOffset, tagsCode);
        } catch (RuntimeException e) {
            if (listenerErrors++ % 10_000 == 0) {
                LOG.warn("Arrival listener failed ({} times so far)", listenerErrors, e);
            }
        }
    }

    private void stop(String what, Throwable cause) {
        stopped = true;
        failure.fail("dispatch: " + what, cause == null ? new IOException(what) : cause);
    }

    @Override
    public String roleName() {
        return "bolide-store-dispatch";
    }
}
