package io.bolide.remoting;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts a listener's open connections, in all and per source address, and refuses one past either
 * cap. Paid once per accepted connection, never per frame.
 */
final class ConnectionQuota {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionQuota.class);

    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();
    private final RateLimitedLog refusals = new RateLimitedLog(LOG);

    ConnectionQuota(ConnectionLimits limits) {
        this.maxTotal = limits.maxConnections();
        this.maxPerAddress = limits.maxConnectionsPerAddress();
    }

    /**
     * Counts {@code channel} in, and out again when it closes; false (and nothing counted) if a cap
     * is reached, and the caller closes it.
     */
    boolean admit(Channel channel) {
        if (maxTotal > 0 && total.incrementAndGet() > maxTotal) {
            total.decrementAndGet();
            refusals.warn("refusing connection: " + maxTotal + " connections open", peer(channel));
            return false;
        }
        InetAddress address = address(channel.remoteAddress());
        if (maxPerAddress > 0 && address != null && !countAddress(address)) {
            release(null);
            refusals.warn(
                    "refusing connection: " + maxPerAddress + " open from its address",
                    peer(channel));
            return false;
        }
        channel.closeFuture().addListener(f -> release(maxPerAddress > 0 ? address : null));
        return true;
    }

    private boolean countAddress(InetAddress address) {
        boolean[] admitted = {false};
        perAddress.compute(
                address,
                (a, open) -> {
                    int count = open == null ? 0 : open;
                    if (count >= maxPerAddress) {
                        return open;
                    }
                    admitted[0] = true;
                    return count + 1;
                });
        return admitted[0];
    }

    private void release(InetAddress address) {
        if (maxTotal > 0) {
            total.decrementAndGet();
        }
        if (address != null) {
            perAddress.computeIfPresent(address, (a, open) -> open <= 1 ? null : open - 1);
        }
    }

    /** Open connections counted (0 when there is no total cap). */
    int open() {
        return total.get();
    }

    private static InetAddress address(SocketAddress remote) {
        return remote instanceof InetSocketAddress
                ? ((InetSocketAddress) remote).getAddress()
                : null;
    }

    private static Object peer(Channel channel) {
        return channel.remoteAddress();
    }
}
