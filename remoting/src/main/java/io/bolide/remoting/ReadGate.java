package io.bolide.remoting;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Whether a connection is read, decided from every reason to pause it at once: its outbound buffer
 * is over its high-water mark, it has too many requests waiting for their answers, or the owner is
 * shutting down. Reading resumes only when no reason is left. A change of reasons may come from any
 * thread; the channel's auto-read flag is only set on its event loop, from the reasons as they are
 * then, so two threads changing reasons at once cannot leave it wrong.
 */
final class ReadGate {
    /** The peer is not draining its responses. */
    static final int WRITE_BACKLOG = 1;

    /** The connection has the most requests in flight it may have. */
    static final int REQUESTS = 2;

    private final Channel channel;
    private final BooleanSupplier closing;
    private final AtomicInteger reasons = new AtomicInteger();
    private final Runnable apply = this::apply;

    /**
     * @param closing whether the owner is shutting down: then a paused connection stays paused
     */
    ReadGate(Channel channel, BooleanSupplier closing) {
        this.channel = channel;
        this.closing = closing;
    }

    /** Stops reading for {@code reason} (one of the constants above). */
    void pause(int reason) {
        int before = reasons.getAndUpdate(r -> r | reason);
        if (before == 0) {
            schedule();
        }
    }

    /** Withdraws {@code reason}; reading resumes if it was the last one, unless closing. */
    void resume(int reason) {
        int before = reasons.getAndUpdate(r -> r & ~reason);
        if (before == reason) {
            schedule();
        }
    }

    /** Whether a reason to pause holds now. */
    boolean paused() {
        return reasons.get() != 0;
    }

    private void schedule() {
        if (channel.eventLoop().inEventLoop()) {
            apply();
        } else {
            channel.eventLoop().execute(apply);
        }
    }

    private void apply() {
        if (!closing.getAsBoolean()) { // shutting down: the owner has stopped every read
            channel.config().setAutoRead(reasons.get() == 0);
        }
    }
}
