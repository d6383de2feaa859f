package io.bolide.broker.registration;

/**
 * This broker as clients and name servers see it: the advertised host ({@code brokerIP1}, or one
 * chosen by {@link AdvertisedHost}), the port it listens on, and the host's address bytes, which
 * every record the broker writes carries as STOREHOST.
 */
public final class Advertised {
    private final String host;
    private final int port;
    private final byte[] hostBytes;

    private Advertised(String host, int port) {
        this.host = host;
        this.port = port;
        this.hostBytes = AdvertisedHost.bytes(host);
    }

    /** {@code configuredHost} when set (else one chosen from the interfaces) at {@code port}. */
    public static Advertised choose(String configuredHost, int port) {
        return new Advertised(AdvertisedHost.choose(configuredHost), port);
    }

    /** The advertised host (the gRPC endpoint's routes name it too). */
    public String host() {
        return host;
    }

    /** The port clients connect to. */
    public int port() {
        return port;
    }

    /** The host's address bytes (STOREHOST); shared, not to be modified. */
    public byte[] hostBytes() {
        return hostBytes;
    }

    /** {@code host:otherPort}: another of this broker's ports (HA) as peers must dial it. */
    public String at(int otherPort) {
        return host + ":" + otherPort;
    }

    /** {@code host:port}, the address clients and name servers are given. */
    public String address() {
        return host + ":" + port;
    }
}
