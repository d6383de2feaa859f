package io.bolide.store;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the oldest commit-log segments: those older than the reserve time, at the configured
 * hour; or the oldest ones regardless of age while disk usage is above the threshold. Never the
 * active segment. Consume-queue and index files that only point below the new minimum follow.
 */
final class RetentionAgent implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(RetentionAgent.class);
    private static final int MAX_DELETES_PER_RUN = 10;

    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final StoreFailure failure;
    private final Path root;
    private final Clock clock;
    private volatile Retention rules;
    private final long intervalNanos;
    private long lastNanos = System.nanoTime();

    RetentionAgent(
            CommitLog log,
            ConsumeQueueTable queues,
            IndexService index,
            StoreFailure failure,
            StoreConfig config) {
        this.log = log;
        this.queues = queues;
        this.index = index;
        this.failure = failure;
        this.root = config.root();
        this.clock = config.clock();
        this.rules =
                new Retention(
                        config.reserveHours(), config.deleteHour(), config.diskUsageThreshold());
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(config.retentionIntervalMs());
    }

    Retention rules() {
        return rules;
    }

    /** Retention from the next pass on (an operator's live change). */
    void rules(Retention value) {
        rules = value;
    }

    @Override
    public int doWork() {
        long now = System.nanoTime();
        if (now - lastNanos < intervalNanos) {
            return 0;
        }
        lastNanos = now;
        return runOnce();
    }

    /** One retention pass; returns the number of commit-log segments deleted. */
    int runOnce() {
        return runOnce(false);
    }

    /** One retention pass, {@code now} meaning whatever the hour; returns segments deleted. */
    int runOnce(boolean now) {
        try {
            Retention r = rules;
            long nowMillis = clock.millis();
            boolean deleteTime =
                    now
                            || LocalDateTime.ofInstant(clock.instant(), clock.getZone()).getHour()
                                    == r.deleteHour();
            boolean diskFull = diskUsage() > r.diskUsageThreshold();
            if (!deleteTime && !diskFull) {
                return 0;
            }
            long reserveMillis = TimeUnit.HOURS.toMillis(r.reserveHours());
            int deleted = deleteSegments(nowMillis, reserveMillis, diskFull);
            if (deleted > 0) {
                followCommitLog();
            }
            return deleted;
        } catch (IOException e) {
            failure.fail("retention", e);
            return 0;
        }
    }

    private int deleteSegments(long nowMillis, long reserveMillis, boolean diskFull)
            throws IOException {
        SegmentChain chain = log.chain();
        int deleted = 0;
        while (deleted < MAX_DELETES_PER_RUN && chain.all().length > 1) {
            MappedSegment oldest = chain.first();
            boolean expired = oldest.lastModifiedMillis() + reserveMillis <= nowMillis;
            if (!expired && !diskFull) {
                break;
            }
            ColdSegments cold = log.chain().cold();
            if (cold != null) {
                // With tiered storage (#36) only a segment the tier holds leaves the local disk:
                // its records stay readable there, until the tier's own retention drops them.
                if (!chain.deleteFirstIf(cold::holds)) {
                    break;
                }
                LOG.info(
                        "Deleted offloaded commit-log segment {} locally (expired={}, diskFull={})",
                        oldest.path(),
                        expired,
                        diskFull);
            } else {
                LOG.info(
                        "Deleting commit-log segment {} (expired={}, diskFull={})",
                        oldest.path(),
                        expired,
                        diskFull);
                chain.deleteFirst();
            }
            deleted++;
            if (!expired) {
                break;
            }
        }
        return deleted;
    }

    /** Drops consume-queue and index files wholly below the log's first byte (local or tier). */
    void followCommitLog() throws IOException {
        long min = log.minOffset();
        for (ConsumeQueue queue : queues.all()) {
            queue.deleteBelow(min);
        }
        index.deleteBelow(min);
    }

    private double diskUsage() throws IOException {
        FileStore store = Files.getFileStore(root);
        long total = store.getTotalSpace();
        return total <= 0 ? 0 : 1.0 - (double) store.getUsableSpace() / total;
    }

    @Override
    public String roleName() {
        return "bolide-store-retention";
    }
}
