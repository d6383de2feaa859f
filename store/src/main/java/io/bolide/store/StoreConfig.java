package io.bolide.store;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/** Immutable settings of a {@link MessageStore}; build with {@link #builder(Path)}. */
public final class StoreConfig {
    /** Default commit-log segment size: 1 GiB, as RocketMQ's mappedFileSizeCommitLog. */
    public static final int DEFAULT_SEGMENT_SIZE = 1 << 30;

    /** Default consume-queue file size: 300,000 entries of 20 bytes. */
    public static final int DEFAULT_CONSUME_QUEUE_FILE_SIZE = 300_000 * 20;

    /** Default {@link #mappedMemoryLimit()}: 256 MiB. */
    public static final long DEFAULT_MAPPED_MEMORY_LIMIT = 256L << 20;

    /** Smallest non-zero {@link #mappedMemoryLimit()}: 16 MiB, one window. */
    public static final long MIN_MAPPED_MEMORY_LIMIT = 16L << 20;

    private final Path root;
    private final int segmentSize;
    private final FlushMode flushMode;
    private final long flushIntervalMs;
    private final int consumeQueueFileSize;
    private final int indexSlots;
    private final int indexEntries;
    private final int maxRecordSize;
    private final long checkpointIntervalMs;
    private final int reserveHours;
    private final int deleteHour;
    private final double diskUsageThreshold;
    private final long retentionIntervalMs;
    private final boolean preallocate;
    private final Clock clock;
    private final ArrivalListener arrivalListener;
    private final TagsCodeRule tagsCodeRule;
    private final ColdSegments coldSegments;
    private final boolean replica;
    private final boolean holdReadsAtOpen;
    private final long mappedMemoryLimit;

    private StoreConfig(Builder b) {
        this.root = b.root;
        this.segmentSize = b.segmentSize;
        this.flushMode = b.flushMode;
        this.flushIntervalMs = b.flushIntervalMs;
        this.consumeQueueFileSize = b.consumeQueueFileSize;
        this.indexSlots = b.indexSlots;
        this.indexEntries = b.indexEntries;
        this.maxRecordSize = b.maxRecordSize;
        this.checkpointIntervalMs = b.checkpointIntervalMs;
        this.reserveHours = b.reserveHours;
        this.deleteHour = b.deleteHour;
        this.diskUsageThreshold = b.diskUsageThreshold;
        this.retentionIntervalMs = b.retentionIntervalMs;
        this.preallocate = b.preallocate;
        this.clock = b.clock;
        this.arrivalListener = b.arrivalListener;
        this.tagsCodeRule = b.tagsCodeRule;
        this.coldSegments = b.coldSegments;
        this.replica = b.replica;
        this.holdReadsAtOpen = b.holdReadsAtOpen;
        this.mappedMemoryLimit = b.mappedMemoryLimit;
    }

    /** A builder with RocketMQ-like defaults for a store rooted at {@code root}. */
    public static Builder builder(Path root) {
        return new Builder(root);
    }

    /** Store directory (commitlog/, consumequeue/, index/, checkpoint, abort). */
    public Path root() {
        return root;
    }

    /** Bytes per commit-log segment. */
    public int segmentSize() {
        return segmentSize;
    }

    /** Flush mode. */
    public FlushMode flushMode() {
        return flushMode;
    }

    /** ASYNC flush period. */
    public long flushIntervalMs() {
        return flushIntervalMs;
    }

    /** Bytes per consume-queue file (a multiple of 20). */
    public int consumeQueueFileSize() {
        return consumeQueueFileSize;
    }

    /** Hash slots per index file. */
    public int indexSlots() {
        return indexSlots;
    }

    /** Entries per index file. */
    public int indexEntries() {
        return indexEntries;
    }

    /** Largest record accepted. */
    public int maxRecordSize() {
        return maxRecordSize;
    }

    /** How often consume queues and index are forced and the checkpoint written. */
    public long checkpointIntervalMs() {
        return checkpointIntervalMs;
    }

    /** Age after which a segment may be deleted. */
    public int reserveHours() {
        return reserveHours;
    }

    /** Hour of day (0-23, store clock's zone) when expired segments are deleted. */
    public int deleteHour() {
        return deleteHour;
    }

    /** Disk usage ratio (0..1) above which the oldest segments go regardless of age. */
    public double diskUsageThreshold() {
        return diskUsageThreshold;
    }

    /** How often retention checks run. */
    public long retentionIntervalMs() {
        return retentionIntervalMs;
    }

    /** Whether new files are filled with zeros so a full disk fails the creation, not a write. */
    public boolean preallocate() {
        return preallocate;
    }

    /** Clock for store timestamps and retention. */
    public Clock clock() {
        return clock;
    }

    /** Listener told about each dispatched record. */
    public ArrivalListener arrivalListener() {
        return arrivalListener;
    }

    /** How consume-queue tags codes are chosen. */
    public TagsCodeRule tagsCodeRule() {
        return tagsCodeRule;
    }

    /** Where segments that left the local disk are read from (tiered storage), or null. */
    public ColdSegments coldSegments() {
        return coldSegments;
    }

    /**
     * Whether this store is a replica (a slave's): local puts are refused, the commit log grows
     * only through {@link MessageStore#appendReplicated}, and dispatch follows the written end
     * whatever the flush mode (the master still holds what a crash here could take back).
     */
    public boolean replica() {
        return replica;
    }

    /**
     * Whether a replica store holds reads ({@link ReadLimit}) from the moment it opens at what was
     * readable when it closed (after a crash, at what its checkpoint vouches for). A
     * controller-mode broker reopens its store on every role change and after a restart: as a slave
     * it does not know yet whether its tail survives (a deposed master's is cut once it follows the
     * new master), so nothing past that point becomes readable until its master confirms it. A
     * master store opens unheld: its log is the group's.
     */
    public boolean holdReadsAtOpen() {
        return holdReadsAtOpen;
    }

    /**
     * The most bytes of store files kept mapped and touched (they count in the process's resident
     * set); 0 = no limit. Cold windows beyond it are unmapped and mapped again when read.
     */
    public long mappedMemoryLimit() {
        return mappedMemoryLimit;
    }

    /** Builder of {@link StoreConfig}; every setter validates its argument. */
    public static final class Builder {
        private final Path root;
        private int segmentSize = DEFAULT_SEGMENT_SIZE;
        private FlushMode flushMode = FlushMode.ASYNC;
        private long flushIntervalMs = 500;
        private int consumeQueueFileSize = DEFAULT_CONSUME_QUEUE_FILE_SIZE;
        private int indexSlots = 1_000_000;
        private int indexEntries = 4_000_000;
        private int maxRecordSize = 4 * 1024 * 1024 + 64 * 1024;
        private long checkpointIntervalMs = 1000;
        private int reserveHours = 72;
        private int deleteHour = 4;
        private double diskUsageThreshold = 0.75;
        private long retentionIntervalMs = 10_000;
        private boolean preallocate = true;
        private Clock clock = Clock.systemDefaultZone();
        private ArrivalListener arrivalListener = ArrivalListener.NONE;
        private TagsCodeRule tagsCodeRule = TagsCodeRule.TAGS_HASH;
        private ColdSegments coldSegments;
        private boolean replica;
        private boolean holdReadsAtOpen;
        private long mappedMemoryLimit = DEFAULT_MAPPED_MEMORY_LIMIT;

        private Builder(Path root) {
            this.root = Objects.requireNonNull(root, "root");
        }

        /** Commit-log segment size in bytes (at least 4 KiB). */
        public Builder segmentSize(int bytes) {
            this.segmentSize = atLeast(bytes, 4096, "segmentSize");
            return this;
        }

        /** Flush mode. */
        public Builder flushMode(FlushMode mode) {
            this.flushMode = Objects.requireNonNull(mode, "flushMode");
            return this;
        }

        /** ASYNC flush period in milliseconds. */
        public Builder flushIntervalMs(long ms) {
            this.flushIntervalMs = atLeast(ms, 1, "flushIntervalMs");
            return this;
        }

        /** Consume-queue file size in bytes, a positive multiple of 20. */
        public Builder consumeQueueFileSize(int bytes) {
            if (bytes <= 0 || bytes % 20 != 0) {
                throw new IllegalArgumentException("consumeQueueFileSize must be k*20: " + bytes);
            }
            this.consumeQueueFileSize = bytes;
            return this;
        }

        /** Index geometry: hash slots and entries per index file. */
        public Builder index(int slots, int entries) {
            this.indexSlots = atLeast(slots, 1, "indexSlots");
            this.indexEntries = atLeast(entries, 2, "indexEntries");
            return this;
        }

        /** Largest record accepted, in bytes. */
        public Builder maxRecordSize(int bytes) {
            this.maxRecordSize = atLeast(bytes, 128, "maxRecordSize");
            return this;
        }

        /** Checkpoint period in milliseconds. */
        public Builder checkpointIntervalMs(long ms) {
            this.checkpointIntervalMs = atLeast(ms, 1, "checkpointIntervalMs");
            return this;
        }

        /** Retention: reserve time, deletion hour and disk usage threshold (0..1]. */
        public Builder retention(int reserveHours, int deleteHour, double diskUsageThreshold) {
            Retention checked = new Retention(reserveHours, deleteHour, diskUsageThreshold);
            this.reserveHours = checked.reserveHours();
            this.deleteHour = checked.deleteHour();
            this.diskUsageThreshold = checked.diskUsageThreshold();
            return this;
        }

        /** How often retention runs, in milliseconds. */
        public Builder retentionIntervalMs(long ms) {
            this.retentionIntervalMs = atLeast(ms, 1, "retentionIntervalMs");
            return this;
        }

        /** Whether to zero-fill new files (default true). */
        public Builder preallocate(boolean zeroFill) {
            this.preallocate = zeroFill;
            return this;
        }

        /** Clock for store timestamps and retention (tests inject their own). */
        public Builder clock(Clock storeClock) {
            this.clock = Objects.requireNonNull(storeClock, "clock");
            return this;
        }

        /**
         * Tiered storage (#36): reads below the local segments go to {@code cold}, and only
         * segments it holds leave the local disk (null: none, every segment stays local).
         */
        public Builder coldSegments(ColdSegments cold) {
            this.coldSegments = cold;
            return this;
        }

        /** Arrival listener (long polling). */
        public Builder arrivalListener(ArrivalListener listener) {
            this.arrivalListener = Objects.requireNonNull(listener, "arrivalListener");
            return this;
        }

        /** How consume-queue tags codes are chosen (default: the TAGS hash). */
        public Builder tagsCodeRule(TagsCodeRule rule) {
            this.tagsCodeRule = Objects.requireNonNull(rule, "tagsCodeRule");
            return this;
        }

        /** Makes the store a replica (default false); see {@link StoreConfig#replica()}. */
        public Builder replica(boolean isReplica) {
            this.replica = isReplica;
            return this;
        }

        /** Holds reads at open (default false); see {@link StoreConfig#holdReadsAtOpen()}. */
        public Builder holdReadsAtOpen(boolean hold) {
            this.holdReadsAtOpen = hold;
            return this;
        }

        /** See {@link StoreConfig#mappedMemoryLimit()}: 0 (no limit) or at least 16 MiB. */
        public Builder mappedMemoryLimit(long bytes) {
            if (bytes != 0 && bytes < MIN_MAPPED_MEMORY_LIMIT) {
                throw new IllegalArgumentException(
                        "mappedMemoryLimit must be 0 or >= "
                                + MIN_MAPPED_MEMORY_LIMIT
                                + ": "
                                + bytes);
            }
            this.mappedMemoryLimit = bytes;
            return this;
        }

        /** The validated configuration. */
        public StoreConfig build() {
            if (maxRecordSize > segmentSize - 8) {
                maxRecordSize = segmentSize - 8;
            }
            return new StoreConfig(this);
        }

        private static int atLeast(int value, int min, String name) {
            if (value < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + ": " + value);
            }
            return value;
        }

        private static long atLeast(long value, long min, String name) {
            if (value < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + ": " + value);
            }
            return value;
        }
    }
}
