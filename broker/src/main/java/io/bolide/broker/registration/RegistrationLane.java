package io.bolide.broker.registration;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The registrations bound for one name server, one in flight at a time. Changes that arrive while
 * one is in flight wait and leave together in the next, so a burst of N topic changes costs a few
 * registrations, each carrying only the changed topics; the whole table goes only when asked (at
 * start, after a deletion) or when the name server's data version differs from ours.
 *
 * <p>Everyone waiting on a change is told when the registration carrying it is answered, so an
 * admin's creation can be answered once the topic is routable. Those waits are bounded: a dead name
 * server delays an answer by at most {@code answerWithinMillis}.
 */
final class RegistrationLane {
    private final NameServerLink link;
    private final Executor sender;
    private final Executor later;
    private final long answerWithinMillis;
    private Set<String> pendingTopics = new LinkedHashSet<>();
    private boolean pendingFull;
    private boolean busy;
    private boolean retryScheduled;
    private CompletableFuture<Void> batch; // the next registration's waiters; null when none

    /**
     * @param sender runs the encoding and sending (a whole table is big: not for an I/O thread)
     * @param later runs a task after the retry delay
     */
    RegistrationLane(
            NameServerLink link, Executor sender, Executor later, long answerWithinMillis) {
        this.link = link;
        this.sender = sender;
        this.later = later;
        this.answerWithinMillis = answerWithinMillis;
    }

    /** Registers {@code topic} soon; completes when the name server answered for it. */
    synchronized CompletableFuture<Void> changed(String topic) {
        if (!pendingFull) {
            pendingTopics.add(topic);
        }
        CompletableFuture<Void> waiting = waiting();
        startIfIdle();
        return waiting;
    }

    /** Registers the whole table soon (it carries every pending change too). */
    synchronized CompletableFuture<Void> full() {
        pendingFull = true;
        pendingTopics.clear();
        CompletableFuture<Void> waiting = waiting();
        startIfIdle();
        return waiting;
    }

    /**
     * The periodic check: asks whether the name server holds our table's version and registers the
     * whole table only when it does not. Skipped while a registration is in flight or due, since
     * that one refreshes the name server anyway.
     */
    synchronized void heartbeat() {
        if (!hasPending()) {
            ask();
        }
    }

    /**
     * Asks the data-version question unless a call is in flight; the caller holds the lock. A
     * pending registration goes once the name server answers, whatever the answer.
     */
    private void ask() {
        if (busy) {
            return;
        }
        busy = true;
        if (!submit(this::query)) {
            busy = false;
        }
    }

    private void query() {
        CompletableFuture<Boolean> answer;
        try {
            answer = link.unchanged();
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.whenComplete(this::queried);
    }

    private synchronized void queried(Boolean unchanged, Throwable failure) {
        busy = false;
        if (failure != null) {
            retryLater(); // the question again, not the table: the name server may be down
            return;
        }
        if (!unchanged) {
            pendingFull = true;
            pendingTopics.clear();
        }
        startIfIdle();
    }

    private boolean hasPending() {
        return pendingFull || !pendingTopics.isEmpty();
    }

    /** Starts the next registration unless one is in flight; the caller holds the lock. */
    private void startIfIdle() {
        if (busy || !hasPending()) {
            return;
        }
        busy = true;
        if (!submit(this::send)) {
            busy = false; // shutting down: nothing will be sent, so nobody waits for it
            pendingFull = false;
            pendingTopics.clear();
            if (batch != null) {
                batch.complete(null);
                batch = null;
            }
        }
    }

    private boolean submit(Runnable task) {
        try {
            sender.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    private void send() {
        Collection<String> topics;
        CompletableFuture<Void> done;
        synchronized (this) {
            topics = pendingFull ? null : pendingTopics;
            done = batch;
            pendingFull = false;
            pendingTopics = new LinkedHashSet<>();
            batch = null;
        }
        CompletableFuture<Boolean> accepted;
        try {
            accepted = link.register(topics);
        } catch (RuntimeException e) {
            accepted = CompletableFuture.failedFuture(e);
        }
        accepted.whenComplete((ok, failure) -> registered(done, topics, failure == null && ok));
    }

    /**
     * A lost registration stays pending and goes again once the name server answers the
     * data-version question, whatever the answer: one that holds an older registration of this
     * address with the same table (the broker as a slave, before a promotion changed its id)
     * answers "unchanged", and the broker would never reach it as what it is now. Asking first
     * keeps a dead name server from costing a whole table's encoding every retry.
     */
    private void registered(CompletableFuture<Void> done, Collection<String> sent, boolean ok) {
        if (done != null) {
            done.complete(null);
        }
        synchronized (this) {
            busy = false;
            if (ok) {
                startIfIdle();
                return;
            }
            if (sent == null) {
                pendingFull = true;
                pendingTopics.clear();
            } else if (!pendingFull) {
                pendingTopics.addAll(sent);
            }
            retryLater(); // not at once: the name server may be down
        }
    }

    /**
     * Asks the question again after the retry delay (its answer sends what is pending); one retry
     * waiting covers any number of failures.
     */
    private void retryLater() {
        if (retryScheduled) {
            return;
        }
        retryScheduled = true;
        try {
            later.execute(
                    () -> {
                        synchronized (this) {
                            retryScheduled = false;
                            ask();
                        }
                    });
        } catch (RejectedExecutionException e) {
            retryScheduled = false; // shutting down: nothing to repair
        }
    }

    /**
     * The future of the next registration, made when its first waiter comes, so the bound on the
     * wait starts then; the caller holds the lock.
     */
    private CompletableFuture<Void> waiting() {
        if (batch == null) {
            batch =
                    new CompletableFuture<Void>()
                            .completeOnTimeout(null, answerWithinMillis, TimeUnit.MILLISECONDS);
        }
        return batch;
    }
}
