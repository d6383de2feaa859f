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
    private final ReadLimit readLimit;
    private final DispatchRecord record = new DispatchRecord();
    private volatile long dispatchedOffset;

    /** The limit at which the next record was found incomplete (a replica's partial record). */
    private volatile long stalledAt = -1;

    private boolean stopped;
    private long listenerErrors;

    DispatchAgent(
            CommitLog log,
            ConsumeQueueTable queues,
            IndexService index,
            StoreConfig config,
            StoreFailure failure,
            ReadLimit readLimit) {
        this.log = log;
        this.queues = queues;
        this.index = index;
        this.listener = config.arrivalListener();
        this.tagsCodeRule = config.tagsCodeRule();
        this.failure = failure;
        this.readLimit = readLimit;
    }

    void startFrom(long offset) {
        dispatchedOffset = offset;
    }

    long dispatchedOffset() {
        return dispatchedOffset;
    }

    /** What the log lets dispatch read, held back to what consumers may read. */
    private long limit() {
        return Math.min(log.dispatchLimit(), readLimit.end());
    }

    boolean pendingWork() {
        long limit = limit();
        return !stopped && dispatchedOffset < limit && limit != stalledAt;
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
        long limit = limit();
        while (!stopped && work < BATCH && dispatchedOffset < limit) {
            if (!dispatchOne(limit)) {
                break;
            }
            work++;
        }
        return work;
    }

    /**
     * Dispatches the record at the dispatched offset; false when it is not wholly below {@code
     * limit} yet (a replica receives records in pieces) or dispatch stopped.
     */
    private boolean dispatchOne(long limit) {
        long offset = dispatchedOffset;
        MappedSegment segment = log.chain().find(offset);
        if (segment == null) {
            return skipToFirstSegment(offset);
        }
        if (offset + StoredRecordFlyweight.BLANK_SIZE > limit) {
            stalledAt = limit;
            return false;
        }
        int pos = (int) (offset - segment.baseOffset());
        MappedWindow head = segment.pin(pos, StoredRecordFlyweight.BLANK_SIZE);
        if (head == null) {
            return skipToFirstSegment(offset);
        }
        int size;
        try {
            ByteBuffer b = head.buffer();
            if (StoredRecordFlyweight.magic(b, pos - head.start())
                    == StoredRecordFlyweight.BLANK_MAGIC) {
                dispatchedOffset = segment.endOffset();
                return true;
            }
            size = StoredRecordFlyweight.totalSize(b, pos - head.start());
        } finally {
            head.unpin();
        }
        if (size >= StoredRecordFlyweight.MIN_SIZE && offset + size > limit) {
            stalledAt = limit;
            return false;
        }
        if (size < StoredRecordFlyweight.MIN_SIZE || pos + size > segment.size()) {
            stop("malformed record at commit-log offset " + offset, null);
            return false;
        }
        return dispatchAt(segment, pos, size, offset);
    }

    /** Dispatches the record of {@code size} bytes at {@code pos}, pinned while it is read. */
    private boolean dispatchAt(MappedSegment segment, int pos, int size, long offset) {
        MappedWindow w = segment.pin(pos, size);
        if (w == null) {
            return skipToFirstSegment(offset);
        }
        try {
            if (!record.wrap(w.buffer(), pos - w.start(), offset)) {
                stop("malformed record at commit-log offset " + offset, null);
                return false;
            }
            dispatch(record);
        } catch (IOException | UncheckedIOException e) {
            stop("dispatching commit-log offset " + offset, e);
            return false;
        } finally {
            record.buffer = null;
            w.unpin();
        }
        dispatchedOffset = offset + size;
        return true;
    }

    /** Past the oldest segment (deleted, or a replica's first is later): resume at the first. */
    private boolean skipToFirstSegment(long offset) {
        long start = log.chain().localStart(log.writtenOffset());
        if (offset < start) {
            dispatchedOffset = start;
            return true;
        }
        stop("no commit-log segment holds offset " + offset, null);
        return false;
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
