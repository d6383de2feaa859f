package io.bolide.namesrv;

import java.nio.file.Path;

/** Settings of a {@link NameServer}; immutable, built with {@link #builder()}. */
public final class NameServerConfig {
    /** The name server port clients and brokers use unless told otherwise. */
    public static final int DEFAULT_PORT = 9876;

    private final String bindAddress;
    private final int listenPort;
    private final long brokerExpiryMillis;
    private final long scanIntervalMillis;
    private final int maxFrame;
    private final Path kvConfigPath;

    private NameServerConfig(Builder b) {
        this.bindAddress = b.bindAddress;
        this.listenPort = b.listenPort;
        this.brokerExpiryMillis = b.brokerExpiryMillis;
        this.scanIntervalMillis = b.scanIntervalMillis;
        this.maxFrame = b.maxFrame;
        this.kvConfigPath = b.kvConfigPath;
    }

    /** A builder with the defaults: all addresses, port 9876, 120 s expiry, 5 s scans. */
    public static Builder builder() {
        return new Builder();
    }

    /** The address to listen on. */
    public String bindAddress() {
        return bindAddress;
    }

    /** The port to listen on ({@code listenPort} in RocketMQ's configuration); 0 picks one. */
    public int listenPort() {
        return listenPort;
    }

    /**
     * How long a broker may go without registering or heartbeating before its routes are removed,
     * unless its registration names its own timeout.
     */
    public long brokerExpiryMillis() {
        return brokerExpiryMillis;
    }

    /** How often silent brokers are looked for. */
    public long scanIntervalMillis() {
        return scanIntervalMillis;
    }

    /** Largest accepted frame, and largest inflated compressed registration. */
    public int maxFrame() {
        return maxFrame;
    }

    /**
     * The file KV settings are kept in ({@code kvConfigPath} in RocketMQ's configuration), or null
     * to keep them in memory only.
     */
    public Path kvConfigPath() {
        return kvConfigPath;
    }

    /** Collects settings; every setter validates its value. */
    public static final class Builder {
        private String bindAddress = "0.0.0.0";
        private int listenPort = DEFAULT_PORT;
        private long brokerExpiryMillis = 120_000;
        private long scanIntervalMillis = 5_000;
        private int maxFrame = 16 * 1024 * 1024;
        private Path kvConfigPath;

        private Builder() {}

        /** See {@link NameServerConfig#bindAddress()}. */
        public Builder bindAddress(String value) {
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("bindAddress must not be empty");
            }
            bindAddress = value;
            return this;
        }

        /** See {@link NameServerConfig#listenPort()}. */
        public Builder listenPort(int value) {
            listenPort = (int) range("listenPort", value, 0, 65_535);
            return this;
        }

        /** See {@link NameServerConfig#brokerExpiryMillis()}. */
        public Builder brokerExpiryMillis(long value) {
            brokerExpiryMillis = range("brokerExpiryMillis", value, 1, 86_400_000);
            return this;
        }

        /** See {@link NameServerConfig#scanIntervalMillis()}. */
        public Builder scanIntervalMillis(long value) {
            scanIntervalMillis = range("scanIntervalMillis", value, 1, 3_600_000);
            return this;
        }

        /** See {@link NameServerConfig#maxFrame()}. */
        public Builder maxFrame(int value) {
            maxFrame = (int) range("maxFrame", value, 1024, 1 << 30);
            return this;
        }

        /** See {@link NameServerConfig#kvConfigPath()}; null keeps settings in memory. */
        public Builder kvConfigPath(Path value) {
            kvConfigPath = value;
            return this;
        }

        /** The configuration. */
        public NameServerConfig build() {
            return new NameServerConfig(this);
        }

        private static long range(String name, long value, long min, long max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(
                        name + " must be in [" + min + ", " + max + "], was " + value);
            }
            return value;
        }
    }
}
