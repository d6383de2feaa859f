package io.bolide.namesrv;

import io.bolide.controller.ControllerConfig;
import io.bolide.remoting.ConnectionLimits;
import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.ServerTlsConfig;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import io.bolide.remoting.metrics.MetricsSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Settings of a {@link NameServer}; immutable, built with {@link #builder()} or {@link
 * #fromProperties(Map)}. Every key is declared once, in {@link NameServerConfigKeys}.
 */
public final class NameServerConfig {
    /** The name server port clients and brokers use unless told otherwise. */
    public static final int DEFAULT_PORT = 9876;

    private final ConfigValues values;

    NameServerConfig(ConfigValues values) {
        this.values = values;
    }

    /** A builder with the defaults: all addresses, port 9876, 120 s expiry, 5 s scans. */
    public static Builder builder() {
        return new Builder(NameServerConfigKeys.TABLE.defaults());
    }

    /**
     * A config from {@code namesrv.conf}-style pairs; keys not given keep their defaults.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public static NameServerConfig fromProperties(Map<String, String> properties) {
        return read(properties, note -> {});
    }

    /**
     * A config from a {@code namesrv.conf} file's pairs: Bolide's keys applied, the reference's
     * other keys accepted (one line each to {@code notes} saying why they have no effect) or
     * refused, unknown names refused with a suggestion.
     *
     * @throws IllegalArgumentException naming every refused or unknown key and bad value
     */
    public static NameServerConfig read(Map<String, String> properties, Consumer<String> notes) {
        return new NameServerConfig(NameServerConfigKeys.SCHEMA.read(properties, notes));
    }

    /** namesrv.conf: Bolide's keys and the reference's others. */
    public static FileSchema fileSchema() {
        return NameServerConfigKeys.SCHEMA;
    }

    /** The table of every accepted key with its type, default and meaning. */
    public static KeyTable keyTable() {
        return NameServerConfigKeys.TABLE;
    }

    /** Every key's value, with the text it was given in. */
    public ConfigValues values() {
        return values;
    }

    /** {@link NameServerConfigKeys#BIND_ADDRESS}. */
    public String bindAddress() {
        return values.get(NameServerConfigKeys.BIND_ADDRESS);
    }

    /** {@link NameServerConfigKeys#LISTEN_PORT}. */
    public int listenPort() {
        return values.get(NameServerConfigKeys.LISTEN_PORT);
    }

    /** {@link NameServerConfigKeys#LISTENERS}; empty: one port, {@link #listenPort()}. */
    public NamedAddresses listeners() {
        return values.get(NameServerConfigKeys.LISTENERS);
    }

    /** {@link NameServerConfigKeys#BROKER_EXPIRY_MILLIS}. */
    public long brokerExpiryMillis() {
        return values.get(NameServerConfigKeys.BROKER_EXPIRY_MILLIS);
    }

    /** {@link NameServerConfigKeys#SCAN_NOT_ACTIVE_BROKER_INTERVAL}. */
    public long scanIntervalMillis() {
        return values.get(NameServerConfigKeys.SCAN_NOT_ACTIVE_BROKER_INTERVAL);
    }

    /** {@link NameServerConfigKeys#MAX_FRAME}. */
    public int maxFrame() {
        return values.get(NameServerConfigKeys.MAX_FRAME);
    }

    /** {@link NameServerConfigKeys#KV_CONFIG_PATH}, or null to keep settings in memory only. */
    public Path kvConfigPath() {
        String path = values.get(NameServerConfigKeys.KV_CONFIG_PATH);
        return path.isEmpty() ? null : Path.of(path);
    }

    /** {@link NameServerConfigKeys#CONFIG_STORE_PATH}, or null to keep live changes in memory. */
    public Path configStorePath() {
        String path = values.get(NameServerConfigKeys.CONFIG_STORE_PATH);
        return path.isEmpty() ? null : Path.of(path);
    }

    /**
     * TLS on the port ({@link NameServerConfigKeys#LISTENER}): the {@code tls.*} keys, else the TLS
     * properties file, else the same-named system properties (docs/security.md).
     */
    public ServerTlsConfig serverTls() {
        return NameServerConfigKeys.LISTENER.tls(values);
    }

    /** Connection limits of the port ({@link NameServerConfigKeys#LISTENER}). */
    public ConnectionLimits connectionLimits() {
        return NameServerConfigKeys.LISTENER.limits(values);
    }

    /** The metrics endpoint ({@link NameServerConfigKeys#METRICS}); off unless asked for. */
    public MetricsSettings metrics() {
        return NameServerConfigKeys.METRICS.settings(values);
    }

    /** {@code serverChannelMaxIdleTimeSeconds}: idle connections are closed after it. */
    public int serverChannelMaxIdleTimeSeconds() {
        return NameServerConfigKeys.LISTENER.idleSeconds(values);
    }

    /**
     * The controller to run in this process ({@link NameServerConfigKeys#CONTROLLER}), or null
     * unless {@code enableControllerInNamesrv=true}.
     *
     * @throws IllegalArgumentException when the controller keys do not fit together
     */
    public ControllerConfig controllerConfig() {
        if (!values.get(NameServerConfigKeys.ENABLE_CONTROLLER_IN_NAMESRV)) {
            return null;
        }
        Map<String, String> pairs = new HashMap<>();
        for (Key<?> key : NameServerConfigKeys.CONTROLLER) {
            pairs.put(key.name(), values.text(key));
        }
        return ControllerConfig.fromProperties(pairs);
    }

    /** Collects settings; every setter validates its value. */
    public static final class Builder {
        private final ConfigValues.Builder values;

        private Builder(ConfigValues from) {
            this.values = from.toBuilder();
        }

        /**
         * Sets {@code key} (one of {@link NameServerConfigKeys}) to {@code value}.
         *
         * @throws IllegalArgumentException for a value out of the key's range
         */
        public <T> Builder set(Key<T> key, T value) {
            values.set(key, value);
            return this;
        }

        /**
         * Sets the key called {@code name} from its file text.
         *
         * @throws IllegalArgumentException for an unknown key or a bad value
         */
        public Builder set(String name, String text) {
            values.set(name, text);
            return this;
        }

        /** See {@link NameServerConfig#bindAddress()}. */
        public Builder bindAddress(String value) {
            return set(NameServerConfigKeys.BIND_ADDRESS, value);
        }

        /** See {@link NameServerConfig#listenPort()}. */
        public Builder listenPort(int value) {
            return set(NameServerConfigKeys.LISTEN_PORT, value);
        }

        /** See {@link NameServerConfig#listeners()}. */
        public Builder listeners(String value) {
            return set(NameServerConfigKeys.LISTENERS, NamedAddresses.parse(value));
        }

        /** See {@link NameServerConfig#brokerExpiryMillis()}. */
        public Builder brokerExpiryMillis(long value) {
            return set(NameServerConfigKeys.BROKER_EXPIRY_MILLIS, value);
        }

        /** See {@link NameServerConfig#scanIntervalMillis()}. */
        public Builder scanIntervalMillis(long value) {
            return set(NameServerConfigKeys.SCAN_NOT_ACTIVE_BROKER_INTERVAL, value);
        }

        /** See {@link NameServerConfig#maxFrame()}. */
        public Builder maxFrame(int value) {
            return set(NameServerConfigKeys.MAX_FRAME, value);
        }

        /** See {@link NameServerConfig#kvConfigPath()}; null keeps settings in memory. */
        public Builder kvConfigPath(Path value) {
            return set(NameServerConfigKeys.KV_CONFIG_PATH, value == null ? "" : value.toString());
        }

        /** The configuration. */
        public NameServerConfig build() {
            return new NameServerConfig(values.build());
        }
    }
}
