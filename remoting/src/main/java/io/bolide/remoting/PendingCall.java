package io.bolide.remoting;

import io.bolide.protocol.frame.RemotingCommand;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * One request awaiting its response: the future the caller holds, the deadline the expiry scan
 * checks, and the in-flight permit to give back. Whoever removes it from its connection's table
 * settles it, so it settles exactly once. It also listens to its own write, so a failed send
 * settles it without a second object.
 */
final class PendingCall extends CompletableFuture<RemotingCommand>
        implements ChannelFutureListener {
    private final Connection connection;
    private final int opaque;
    private final long deadlineNanos;
    private final Semaphore permit;

    PendingCall(Connection connection, int opaque, long deadlineNanos, Semaphore permit) {
        this.connection = connection;
        this.opaque = opaque;
        this.deadlineNanos = deadlineNanos;
        this.permit = permit;
    }

    int opaque() {
        return opaque;
    }

    boolean expiredAt(long nowNanos) {
        return nowNanos - deadlineNanos >= 0;
    }

    /** Gives the in-flight permit back; called once, by whoever settles the call. */
    void releasePermit() {
        if (permit != null) {
            permit.release();
        }
    }

    @Override
    public void operationComplete(ChannelFuture future) {
        if (!future.isSuccess()) {
            connection.fail(
                    this,
                    new RemotingSendException(
                            "send to " + connection.remoteAddress() + " failed", future.cause()));
        }
    }
}
