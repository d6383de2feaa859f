package io.bolide.remoting;

import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.SerializeType;

/** Settings of a {@link RemotingServer}; immutable, built with {@link #builder()}. */
public final class RemotingServerConfig {
    private final String bindAddress;
    private final int port;
    private final int ioThreads;
    private final int maxFrame;
    private final int idleSeconds;
    private final WriteLimits writeLimits;
    private final boolean preferNative;
    private final SerializeType requestType;
    private final long scanIntervalMillis;
    private final ServerTlsConfig tls;
    private final ConnectionLimits limits;
    private final NamedAddresses listeners;

    private RemotingServerConfig(Builder b) {
        this.bindAddress = b.bindAddress;
        this.port = b.port;
        this.ioThreads = b.ioThreads;
        this.maxFrame = b.maxFrame;
        this.idleSeconds = b.idleSeconds;
        this.writeLimits = b.writeLimits;
        this.preferNative = b.preferNative;
        this.requestType = b.requestType;
        this.scanIntervalMillis = b.scanIntervalMillis;
        this.tls = b.tls;
        this.limits = b.limits;
        this.listeners = b.listeners;
    }

    /**
     * A builder with the defaults: any address, an ephemeral port, 16 MiB frames, 120 s idle, plain
     * TCP, {@link ConnectionLimits#DEFAULT}.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** The address to listen on. */
    public String bindAddress() {
        return bindAddress;
    }

    /** The port to listen on; 0 picks a free one. */
    public int port() {
        return port;
    }

    /**
     * Named listeners, each bound in place of {@link #bindAddress()} and {@link #port()} when any
     * is given; a connection knows the listener it came in through ({@link Connection#listener()}).
     */
    public NamedAddresses listeners() {
        return listeners;
    }

    /** I/O threads; 0 means twice the processors (Netty's default). */
    public int ioThreads() {
        return ioThreads;
    }

    /** Largest accepted frame, length field included. */
    public int maxFrame() {
        return maxFrame;
    }

    /** Seconds without reads or writes after which a connection is closed. */
    public int idleSeconds() {
        return idleSeconds;
    }

    /** Outbound buffer water marks per connection. */
    public WriteLimits writeLimits() {
        return writeLimits;
    }

    /** Whether to use the native epoll transport when available. */
    public boolean preferNative() {
        return preferNative;
    }

    /** Serialization of requests the server sends to clients. */
    public SerializeType requestType() {
        return requestType;
    }

    /** How often calls the server made to clients are checked for expiry. */
    public long scanIntervalMillis() {
        return scanIntervalMillis;
    }

    /** TLS on this listener. */
    public ServerTlsConfig tls() {
        return tls;
    }

    /** What each peer and all of them together may hold of this listener. */
    public ConnectionLimits limits() {
        return limits;
    }

    /** Collects settings; every setter validates its value. */
    public static final class Builder {
        private String bindAddress = "0.0.0.0";
        private int port;
        private int ioThreads;
        private int maxFrame = FrameDescriptor.DEFAULT_MAX_FRAME;
        private int idleSeconds = 120;
        private WriteLimits writeLimits = WriteLimits.DEFAULT;
        private boolean preferNative = true;
        private SerializeType requestType = SerializeType.JSON;
        private long scanIntervalMillis = 100;
        private ServerTlsConfig tls = ServerTlsConfig.DISABLED;
        private ConnectionLimits limits = ConnectionLimits.DEFAULT;
        private NamedAddresses listeners = NamedAddresses.NONE;

        private Builder() {}

        /** See {@link RemotingServerConfig#listeners()}. */
        public Builder listeners(NamedAddresses value) {
            listeners = Checks.notNull("listeners", value);
            return this;
        }

        /** See {@link RemotingServerConfig#tls()}. */
        public Builder tls(ServerTlsConfig value) {
            tls = Checks.notNull("tls", value);
            return this;
        }

        /** See {@link RemotingServerConfig#limits()}. */
        public Builder limits(ConnectionLimits value) {
            limits = Checks.notNull("limits", value);
            return this;
        }

        /** See {@link RemotingServerConfig#bindAddress()}. */
        public Builder bindAddress(String value) {
            bindAddress = Checks.notNull("bindAddress", value);
            return this;
        }

        /** See {@link RemotingServerConfig#port()}. */
        public Builder port(int value) {
            port = Checks.range("port", value, 0, 65535);
            return this;
        }

        /** See {@link RemotingServerConfig#ioThreads()}. */
        public Builder ioThreads(int value) {
            ioThreads = Checks.range("ioThreads", value, 0, 1024);
            return this;
        }

        /** See {@link RemotingServerConfig#maxFrame()}. */
        public Builder maxFrame(int value) {
            maxFrame = Checks.range("maxFrame", value, FrameDescriptor.HEADER_OFFSET, 1 << 30);
            return this;
        }

        /** See {@link RemotingServerConfig#idleSeconds()}. */
        public Builder idleSeconds(int value) {
            idleSeconds = Checks.range("idleSeconds", value, 1, 86_400);
            return this;
        }

        /** See {@link RemotingServerConfig#writeLimits()}. */
        public Builder writeLimits(WriteLimits value) {
            writeLimits = Checks.notNull("writeLimits", value);
            return this;
        }

        /** See {@link RemotingServerConfig#preferNative()}. */
        public Builder preferNative(boolean value) {
            preferNative = value;
            return this;
        }

        /** See {@link RemotingServerConfig#requestType()}. */
        public Builder requestType(SerializeType value) {
            requestType = Checks.notNull("requestType", value);
            return this;
        }

        /** See {@link RemotingServerConfig#scanIntervalMillis()}. */
        public Builder scanIntervalMillis(long value) {
            scanIntervalMillis = Checks.range("scanIntervalMillis", value, 1, 60_000);
            return this;
        }

        /** The configuration. */
        public RemotingServerConfig build() {
            return new RemotingServerConfig(this);
        }
    }
}
