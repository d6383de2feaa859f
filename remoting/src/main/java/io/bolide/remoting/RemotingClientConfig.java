package io.bolide.remoting;

import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.SerializeType;

/** Settings of a {@link RemotingClient}; immutable, built with {@link #builder()}. */
public final class RemotingClientConfig {
    private final int ioThreads;
    private final int connectTimeoutMillis;
    private final int maxAsyncInFlight;
    private final int maxOnewayInFlight;
    private final int maxFrame;
    private final int idleSeconds;
    private final WriteLimits writeLimits;
    private final boolean preferNative;
    private final SerializeType requestType;
    private final long scanIntervalMillis;
    private final ClientTlsConfig tls;

    private RemotingClientConfig(Builder b) {
        this.ioThreads = b.ioThreads;
        this.connectTimeoutMillis = b.connectTimeoutMillis;
        this.maxAsyncInFlight = b.maxAsyncInFlight;
        this.maxOnewayInFlight = b.maxOnewayInFlight;
        this.maxFrame = b.maxFrame;
        this.idleSeconds = b.idleSeconds;
        this.writeLimits = b.writeLimits;
        this.preferNative = b.preferNative;
        this.requestType = b.requestType;
        this.scanIntervalMillis = b.scanIntervalMillis;
        this.tls = b.tls;
    }

    /** A builder with the reference client's defaults (3 s connect, 65535 permits, JSON). */
    public static Builder builder() {
        return new Builder();
    }

    /** I/O threads shared by all connections. */
    public int ioThreads() {
        return ioThreads;
    }

    /** Longest wait for a connection to be established. */
    public int connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** Asynchronous calls allowed to await responses at once. */
    public int maxAsyncInFlight() {
        return maxAsyncInFlight;
    }

    /** Oneway requests allowed to be unwritten at once. */
    public int maxOnewayInFlight() {
        return maxOnewayInFlight;
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

    /** Serialization of the requests this client sends. */
    public SerializeType requestType() {
        return requestType;
    }

    /** How often pending calls are checked for expiry. */
    public long scanIntervalMillis() {
        return scanIntervalMillis;
    }

    /** TLS on every connection, or plain TCP. */
    public ClientTlsConfig tls() {
        return tls;
    }

    /** Collects settings; every setter validates its value. */
    public static final class Builder {
        private int ioThreads = 1;
        private int connectTimeoutMillis = 3000;
        private int maxAsyncInFlight = 65535;
        private int maxOnewayInFlight = 65535;
        private int maxFrame = FrameDescriptor.DEFAULT_MAX_FRAME;
        private int idleSeconds = 120;
        private WriteLimits writeLimits = WriteLimits.DEFAULT;
        private boolean preferNative = true;
        private SerializeType requestType = SerializeType.JSON;
        private long scanIntervalMillis = 100;
        private ClientTlsConfig tls = ClientTlsConfig.DISABLED;

        private Builder() {}

        /** See {@link RemotingClientConfig#tls()}. */
        public Builder tls(ClientTlsConfig value) {
            tls = Checks.notNull("tls", value);
            return this;
        }

        /** See {@link RemotingClientConfig#ioThreads()}. */
        public Builder ioThreads(int value) {
            ioThreads = Checks.range("ioThreads", value, 1, 1024);
            return this;
        }

        /** See {@link RemotingClientConfig#connectTimeoutMillis()}. */
        public Builder connectTimeoutMillis(int value) {
            connectTimeoutMillis = Checks.range("connectTimeoutMillis", value, 1, 600_000);
            return this;
        }

        /** See {@link RemotingClientConfig#maxAsyncInFlight()}. */
        public Builder maxAsyncInFlight(int value) {
            maxAsyncInFlight = Checks.range("maxAsyncInFlight", value, 1, 1 << 24);
            return this;
        }

        /** See {@link RemotingClientConfig#maxOnewayInFlight()}. */
        public Builder maxOnewayInFlight(int value) {
            maxOnewayInFlight = Checks.range("maxOnewayInFlight", value, 1, 1 << 24);
            return this;
        }

        /** See {@link RemotingClientConfig#maxFrame()}. */
        public Builder maxFrame(int value) {
            maxFrame = Checks.range("maxFrame", value, FrameDescriptor.HEADER_OFFSET, 1 << 30);
            return this;
        }

        /** See {@link RemotingClientConfig#idleSeconds()}. */
        public Builder idleSeconds(int value) {
            idleSeconds = Checks.range("idleSeconds", value, 1, 86_400);
            return this;
        }

        /** See {@link RemotingClientConfig#writeLimits()}. */
        public Builder writeLimits(WriteLimits value) {
            writeLimits = Checks.notNull("writeLimits", value);
            return this;
        }

        /** See {@link RemotingClientConfig#preferNative()}. */
        public Builder preferNative(boolean value) {
            preferNative = value;
            return this;
        }

        /** See {@link RemotingClientConfig#requestType()}. */
        public Builder requestType(SerializeType value) {
            requestType = Checks.notNull("requestType", value);
            return this;
        }

        /** See {@link RemotingClientConfig#scanIntervalMillis()}. */
        public Builder scanIntervalMillis(long value) {
            scanIntervalMillis = Checks.range("scanIntervalMillis", value, 1, 60_000);
            return this;
        }

        /** The configuration. */
        public RemotingClientConfig build() {
            return new RemotingClientConfig(this);
        }
    }
}
