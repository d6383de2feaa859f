package io.bolide.controller;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Settings of a {@link Controller}; immutable, built with {@link #builder()} or {@link
 * #fromProperties(Map)}. Every key is declared once, in {@link ControllerConfigKeys}.
 */
public final class ControllerConfig {
    private final ConfigValues values;

    private ControllerConfig(ConfigValues values) {
        this.values = values;
        if (!"jRaft".equalsIgnoreCase(values.get(ControllerConfigKeys.CONTROLLER_TYPE))) {
            throw new IllegalArgumentException(
                    "controllerType: only jRaft is supported, not "
                            + values.get(ControllerConfigKeys.CONTROLLER_TYPE));
        }
        if (peers().size() != rpcAddresses().size()) {
            throw new IllegalArgumentException(
                    "jRaftControllerRPCAddr must name one address per jRaftInitConf peer");
        }
        if (selfIndex() < 0) {
            throw new IllegalArgumentException(
                    "jRaftServerId " + serverId() + " is not one of jRaftInitConf " + peers());
        }
    }

    /** A builder with the defaults. */
    public static Builder builder() {
        return new Builder(ControllerConfigKeys.TABLE.defaults());
    }

    /**
     * A config from {@code controller.conf}-style pairs (only the controller's keys).
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public static ControllerConfig fromProperties(Map<String, String> properties) {
        return new ControllerConfig(ControllerConfigKeys.TABLE.parse(properties));
    }

    /**
     * This config with {@code updates} applied, all or none.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    ControllerConfig with(Map<String, String> updates) {
        return new ControllerConfig(values.with(updates));
    }

    /** The table of every controller key with its type, default and meaning. */
    public static KeyTable keyTable() {
        return ControllerConfigKeys.TABLE;
    }

    /** Every key's value. */
    public ConfigValues values() {
        return values;
    }

    String groupId() {
        return values.get(ControllerConfigKeys.JRAFT_GROUP_ID);
    }

    String serverId() {
        return values.get(ControllerConfigKeys.JRAFT_SERVER_ID).trim();
    }

    /** The raft peers, as jRaftInitConf lists them. */
    List<String> peers() {
        return split(values.get(ControllerConfigKeys.JRAFT_INIT_CONF));
    }

    /** The controllers' remoting addresses, in the order of {@link #peers()}. */
    List<String> rpcAddresses() {
        return split(values.get(ControllerConfigKeys.JRAFT_CONTROLLER_RPC_ADDR));
    }

    int selfIndex() {
        return peers().indexOf(serverId());
    }

    /** The remoting port of this controller: its own jRaftControllerRPCAddr entry's. */
    int rpcPort() {
        String own = rpcAddresses().get(selfIndex());
        return Integer.parseInt(own.substring(own.lastIndexOf(':') + 1));
    }

    int electionTimeoutMs() {
        return values.get(ControllerConfigKeys.JRAFT_ELECTION_TIMEOUT_MS);
    }

    int snapshotIntervalSecs() {
        return values.get(ControllerConfigKeys.JRAFT_SNAPSHOT_INTERVAL_SECS);
    }

    Path storePath() {
        String path = values.get(ControllerConfigKeys.CONTROLLER_STORE_PATH);
        return path.isEmpty()
                ? Path.of(System.getProperty("user.home"), "controller-store", serverId())
                : Path.of(path);
    }

    boolean electUnclean() {
        return values.get(ControllerConfigKeys.ENABLE_ELECT_UNCLEAN_MASTER);
    }

    int electAttempts() {
        return values.get(ControllerConfigKeys.ELECT_MASTER_MAX_RETRY_COUNT);
    }

    long scanMillis() {
        return values.get(ControllerConfigKeys.SCAN_INACTIVE_MASTER_INTERVAL);
    }

    boolean notifyRoleChanges() {
        return values.get(ControllerConfigKeys.NOTIFY_BROKER_ROLE_CHANGED);
    }

    long heartbeatTimeoutMillis() {
        return values.get(ControllerConfigKeys.CONTROLLER_HEARTBEAT_TIMEOUT_MILLS);
    }

    /** The keys configBlackList names (';'-separated, as the reference splits them). */
    List<String> configBlackList() {
        return Arrays.stream(values.get(ControllerConfigKeys.CONFIG_BLACK_LIST).split(";"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static List<String> split(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** Collects settings; every setter validates its value. */
    public static final class Builder {
        private final ConfigValues.Builder values;

        private Builder(ConfigValues from) {
            this.values = from.toBuilder();
        }

        /** Sets {@code key} (one of {@link ControllerConfigKeys}) to {@code value}. */
        public <T> Builder set(Key<T> key, T value) {
            values.set(key, value);
            return this;
        }

        /** Sets the key called {@code name} from its file text. */
        public Builder set(String name, String text) {
            values.set(name, text);
            return this;
        }

        /**
         * The configuration.
         *
         * @throws IllegalArgumentException when the peers and addresses do not fit together
         */
        public ControllerConfig build() {
            return new ControllerConfig(values.build());
        }
    }
}
