package io.bolide.store;

import java.io.IOException;

/**
 * Taking a running store back (a cut to an offset) or across roles (master and replica), with its
 * agents paused: the commit log, the consume queues, dispatch and each queue's next offset move
 * together. The store's monitor is held by the caller.
 */
final class StoreRewind {
    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final DispatchAgent dispatch;
    private final CheckpointAgent checkpoint;
    private final AgentGroup agents;
    private final Runnable restart;

    StoreRewind(
            CommitLog log,
            ConsumeQueueTable queues,
            DispatchAgent dispatch,
            CheckpointAgent checkpoint,
            AgentGroup agents,
            Runnable restart) {
        this.log = log;
        this.queues = queues;
        this.dispatch = dispatch;
        this.checkpoint = checkpoint;
        this.agents = agents;
        this.restart = restart;
    }

    long truncateTo(long offset) throws IOException {
        long end = log.writtenOffset();
        if (offset >= end) {
            return end;
        }
        if (offset < log.minOffset()) {
            throw new IOException(
                    "cannot cut the log to "
                            + offset
                            + ": it holds nothing below "
                            + log.minOffset());
        }
        agents.stopAll();
        try {
            log.truncateTo(offset);
            queues.truncate(offset);
            dispatch.startFrom(Math.min(dispatch.dispatchedOffset(), offset));
            // Every kept record indexed before the queues' ends become the next offsets.
            dispatch.catchUp();
            log.resetQueueOffsets(queues.all());
            checkpoint.checkpointNow();
        } finally {
            resume();
        }
        return offset;
    }

    void changeRole(boolean replica) throws IOException {
        if (replica == log.replica()) {
            return;
        }
        if (!replica && log.recordsEnd() < log.writtenOffset()) {
            truncateTo(log.recordsEnd());
        }
        agents.stopAll();
        try {
            // A replica never assigned queue offsets: a new master takes them from its records.
            dispatch.catchUp();
            log.replica(replica);
            log.resetQueueOffsets(queues.all());
        } finally {
            resume();
        }
    }

    private void resume() {
        agents.resume();
        restart.run();
    }
}
