package io.bolide.controller;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How events reach every controller: through the raft log ({@link RaftReplication}) in production,
 * applied directly in unit tests of the rules.
 */
interface Replication extends AutoCloseable {

    /** Whether this controller may decide and answer (the raft leader). */
    boolean isLeader();

    /**
     * Appends {@code events} as one entry; completes once the entry is committed and applied here,
     * with whether every conditional event still applied (false: decided on a stale state).
     */
    CompletableFuture<Boolean> propose(List<Event> events);

    /** The leader's raft id ({@code ip:port}), or empty while there is none. */
    String leaderId();

    @Override
    void close();
}
