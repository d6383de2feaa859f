package io.bolide.store;

import io.bolide.testsupport.MutableClock;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** The store's parts built one by one over a temp directory, for unit tests without agents. */
final class StoreParts {
    /** 2026-01-01T00:00Z, a store clock's start in these tests. */
    static final long EPOCH = 1_767_225_600_000L;

    static final int SEGMENT = 4096;

    private StoreParts() {}

    static StoreConfig config(Path root, FlushMode mode, MutableClock clock) {
        return StoreConfig.builder(root)
                .segmentSize(SEGMENT)
                .consumeQueueFileSize(20 * 10)
                .index(8, 16)
                .flushMode(mode)
                .flushIntervalMs(3_600_000)
                .clock(clock)
                .build();
    }

    static SegmentChain chain(Path root) {
        return new SegmentChain(root.resolve("commitlog"), SEGMENT, false);
    }

    static CommitLog commitLog(Path root, FlushMode mode, MutableClock clock, StoreFailure f) {
        return new CommitLog(chain(root), config(root, mode, clock), f);
    }

    static CommitLog commitLog(Path root) {
        return commitLog(root, FlushMode.ASYNC, new MutableClock(EPOCH), new StoreFailure());
    }

    /**
     * The whole mapping of a segment mapped whole (these tests' chains), pinned for good: the test
     * reads and corrupts bytes directly, and the pin keeps them mapped until the JVM exits.
     */
    static ByteBuffer mapped(MappedSegment segment) {
        MappedWindow w = segment.pinned(0, segment.size());
        if (w.start() != 0 || w.length() != segment.size()) {
            throw new AssertionError("segment not mapped whole");
        }
        return w.buffer();
    }

    /** Appends one record of {@code topic}/{@code queue}; fails the test unless it was stored. */
    static PutResult append(CommitLog log, String topic, int queue, String body) {
        PutResult result = log.append(TestRecords.record(topic, queue, body, ""));
        if (!result.isOk()) {
            throw new AssertionError("append failed: " + result);
        }
        return result;
    }
}
