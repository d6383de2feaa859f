package io.bolide.remoting;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One multiplexed connection per address, opened on first use and opened again on the next use
 * after it failed or closed. Concurrent first callers share one connect attempt.
 */
final class Connector {
    private final Bootstrap bootstrap;
    private final ConcurrentHashMap<String, ChannelFuture> channels = new ConcurrentHashMap<>();

    Connector(Bootstrap bootstrap) {
        this.bootstrap = bootstrap;
    }

    /** The open connection to {@code address}, connecting if needed. */
    Connection acquire(String address, long deadlineNanos)
            throws InterruptedException, RemotingConnectException {
        ChannelFuture future = channels.get(address);
        if (future == null || isDead(future)) {
            future =
                    channels.compute(
                            address, (a, old) -> old == null || isDead(old) ? connect(a) : old);
        }
        long left = deadlineNanos - System.nanoTime();
        if (!future.await(Math.max(0, left), TimeUnit.NANOSECONDS)) {
            throw new RemotingConnectException("connect to " + address + " timed out");
        }
        if (!future.isSuccess()) {
            channels.remove(address, future);
            throw new RemotingConnectException("connect to " + address + " failed", future.cause());
        }
        Channel channel = future.channel();
        if (!channel.isActive()) {
            channels.remove(address, future);
            throw new RemotingConnectException("connection to " + address + " closed");
        }
        return Connection.of(channel);
    }

    private static boolean isDead(ChannelFuture future) {
        return future.isDone() && (!future.isSuccess() || !future.channel().isActive());
    }

    private ChannelFuture connect(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("address must be host:port, got " + address);
        }
        String host = address.substring(0, colon);
        int port = Integer.parseInt(address.substring(colon + 1));
        ChannelFuture future = bootstrap.connect(host, port);
        future.channel().closeFuture().addListener(f -> channels.remove(address, future));
        return future;
    }

    /** Every connection currently open. */
    List<Connection> open() {
        List<Connection> open = new ArrayList<>(channels.size());
        for (ChannelFuture future : channels.values()) {
            if (future.isSuccess() && future.channel().isActive()) {
                open.add(Connection.of(future.channel()));
            }
        }
        return open;
    }

    /** Closes the connection to {@code address}, if any. */
    void close(String address) {
        ChannelFuture future = channels.remove(address);
        if (future != null) {
            future.channel().close();
        }
    }

    /** Every channel, connected or not, for closing. */
    List<Channel> all() {
        List<Channel> all = new ArrayList<>(channels.size());
        for (ChannelFuture future : channels.values()) {
            all.add(future.channel());
        }
        return all;
    }
}
