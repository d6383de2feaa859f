package io.bolide.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tiered storage's side of the commit log (#36): which segments are sealed (full, forced and
 * dispatched, so copying one copies what crash recovery would keep), and the eviction that takes
 * the oldest of those the tier holds off the local disk while the local segments exceed a budget. A
 * segment the tier does not hold never goes, whatever the budget.
 */
public final class LocalBudget {
    private static final Logger LOG = LoggerFactory.getLogger(LocalBudget.class);

    private final CommitLog log;
    private final DispatchAgent dispatch;
    private final RetentionAgent retention;
    private final AtomicBoolean closed;

    LocalBudget(
            CommitLog log, DispatchAgent dispatch, RetentionAgent retention, AtomicBoolean closed) {
        this.log = log;
        this.dispatch = dispatch;
        this.retention = retention;
        this.closed = closed;
    }

    /** The local segments before the one being written that are forced and dispatched. */
    public List<SealedSegment> sealed() {
        MappedSegment[] all = log.chain().all();
        long durable = Math.min(log.flushedOffset(), dispatch.dispatchedOffset());
        List<SealedSegment> sealed = new ArrayList<>(all.length);
        for (int i = 0; i < all.length - 1; i++) {
            MappedSegment segment = all[i];
            if (segment.endOffset() > durable) {
                break;
            }
            sealed.add(new SealedSegment(segment.baseOffset(), segment.path(), segment.size()));
        }
        return sealed;
    }

    /** Bytes of commit-log segment files on the local disk. */
    public long localBytes() {
        return (long) log.chain().all().length * log.chain().segmentSize();
    }

    /** Commit-log offset of the first byte on the local disk (its end when none is local). */
    public long localMinOffset() {
        return log.chain().localStart(log.writtenOffset());
    }

    /**
     * Deletes the oldest local segments the store's {@link StoreConfig#coldSegments()} holds while
     * the local ones exceed {@code budget} bytes; their records stay readable through it. Returns
     * how many went.
     */
    public int evict(long budget) throws IOException {
        ColdSegments cold = log.chain().cold();
        if (cold == null || closed.get()) {
            return 0;
        }
        long durable = Math.min(log.flushedOffset(), dispatch.dispatchedOffset());
        int size = log.chain().segmentSize();
        int evicted = 0;
        while (localBytes() > budget
                && log.chain().deleteFirstIf(base -> base + size <= durable && cold.holds(base))) {
            evicted++;
        }
        if (evicted > 0) {
            LOG.info(
                    "Evicted {} offloaded commit-log segment(s); local log now starts at {}",
                    evicted,
                    log.chain().minOffset());
        }
        return evicted;
    }

    /**
     * Drops consume-queue and index files wholly below the first byte still held, locally or in the
     * tier (after the tier's own retention deleted its oldest segments).
     */
    public void followMinOffset() throws IOException {
        if (!closed.get()) {
            retention.followCommitLog();
        }
    }
}
