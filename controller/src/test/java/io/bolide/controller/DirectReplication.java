package io.bolide.controller;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Applies proposed events straight to the state: the rules' tests need no raft group. */
final class DirectReplication implements Replication {
    private final ControllerState state;
    volatile boolean leader = true;

    DirectReplication(ControllerState state) {
        this.state = state;
    }

    @Override
    public boolean isLeader() {
        return leader;
    }

    @Override
    public CompletableFuture<Boolean> propose(List<Event> events) {
        boolean all = true;
        for (Event event : events) {
            all &= state.apply(event);
        }
        return CompletableFuture.completedFuture(all);
    }

    @Override
    public String leaderId() {
        return leader ? "self" : "";
    }

    @Override
    public void close() {}
}
