package io.bolide.remoting;

/**
 * What one listener allows its peers, so that no client can take what the others need: how many
 * connections (in all and from one address), how long a frame may take to arrive once its first
 * byte came, and how many requests one connection may have waiting for their answers before the
 * listener stops reading from it. A value of 0 switches that limit off.
 *
 * @param maxConnections open connections, in all; more are closed as they are accepted
 * @param maxConnectionsPerAddress open connections from one source address
 * @param frameTimeoutMillis a connection holding part of a frame for this long is closed
 * @param maxRequestsInFlight requests of one connection dispatched and not yet answered above which
 *     the connection is not read until half of them are answered
 */
public record ConnectionLimits(
        int maxConnections,
        int maxConnectionsPerAddress,
        long frameTimeoutMillis,
        int maxRequestsInFlight) {

    /**
     * Generous defaults: far above what a healthy deployment uses, low enough that one peer cannot
     * exhaust file descriptors or memory alone.
     */
    public static final ConnectionLimits DEFAULT =
            new ConnectionLimits(100_000, 10_000, 60_000, 8192);

    /** No limits at all. */
    public static final ConnectionLimits NONE = new ConnectionLimits(0, 0, 0, 0);

    /** Validates the limits. */
    public ConnectionLimits {
        Checks.range("maxConnections", maxConnections, 0, Integer.MAX_VALUE);
        Checks.range("maxConnectionsPerAddress", maxConnectionsPerAddress, 0, Integer.MAX_VALUE);
        Checks.range("frameTimeoutMillis", frameTimeoutMillis, 0, 86_400_000);
        Checks.range("maxRequestsInFlight", maxRequestsInFlight, 0, 1 << 24);
    }
}
