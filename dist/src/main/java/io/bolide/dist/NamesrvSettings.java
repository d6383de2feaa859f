package io.bolide.dist;

import io.bolide.namesrv.NameServerConfig;
import java.nio.file.Path;
import java.util.Map;

/**
 * Name server settings from a {@code namesrv.conf}-style file and the command line. Only the keys
 * Bolide's name server honours are accepted, so a misspelt or unsupported key is reported instead
 * of silently ignored.
 */
final class NamesrvSettings {
    static final String LISTEN_PORT = "listenPort";
    static final String BIND_ADDRESS = "bindAddress";
    static final String KEYS = LISTEN_PORT + ", " + BIND_ADDRESS;

    private NamesrvSettings() {}

    /**
     * The configuration: defaults, then the file's keys (if {@code file} is not null), then {@code
     * port} (if not null).
     *
     * @throws ConfigException for an unknown key or a bad value
     */
    static NameServerConfig resolve(Path file, Integer port) {
        NameServerConfig.Builder builder = NameServerConfig.builder();
        try {
            if (file != null) {
                apply(builder, ConfigFile.read(file));
            }
            if (port != null) {
                builder.listenPort(port);
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad name server setting: " + e.getMessage());
        }
        return builder.build();
    }

    private static void apply(NameServerConfig.Builder builder, Map<String, String> pairs) {
        for (Map.Entry<String, String> pair : pairs.entrySet()) {
            String value = pair.getValue();
            switch (pair.getKey()) {
                case LISTEN_PORT -> builder.listenPort(parsePort(value));
                case BIND_ADDRESS -> builder.bindAddress(value);
                default ->
                        throw new ConfigException(
                                "unknown name server config key '"
                                        + pair.getKey()
                                        + "'; accepted keys: "
                                        + KEYS);
            }
        }
    }

    private static int parsePort(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("listenPort is not an integer: '" + value + "'");
        }
    }
}
