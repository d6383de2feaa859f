package io.bolide.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;

/**
 * Periodically forces the consume queues and the index, then records in the checkpoint how far they
 * (and the commit log) are durable, so recovery never rescans what is vouched for.
 */
final class CheckpointAgent implements Agent {
    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final DispatchAgent dispatch;
    private final Checkpoint checkpoint;
    private final StoreFailure failure;
    private final long intervalNanos;
    private long lastNanos = System.nanoTime();

    CheckpointAgent(
            CommitLog log,
            ConsumeQueueTable queues,
            IndexService index,
            DispatchAgent dispatch,
            Checkpoint checkpoint,
            StoreFailure failure,
            long intervalMs) {
        this.log = log;
        this.queues = queues;
        this.index = index;
        this.dispatch = dispatch;
        this.checkpoint = checkpoint;
        this.failure = failure;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMs);
    }

    @Override
    public int doWork() {
        long now = System.nanoTime();
        if (now - lastNanos < intervalNanos) {
            return 0;
        }
        lastNanos = now;
        return checkpointNow() ? 1 : 0;
    }

    /** Forces dispatch output and writes the checkpoint; false (store read-only) on failure. */
    boolean checkpointNow() {
        if (failure.failed()) {
            return false;
        }
        long dispatched = dispatch.dispatchedOffset();
        try {
            for (ConsumeQueue queue : queues.all()) {
                queue.flush();
            }
            index.flush();
            checkpoint.write(log.flushedOffset(), dispatched);
            return true;
        } catch (IOException | UncheckedIOException e) {
            failure.fail("checkpoint", e);
            return false;
        }
    }

    @Override
    public String roleName() {
        return "bolide-store-checkpoint";
    }
}
