package io.bolide.dist;

import io.bolide.broker.config.BrokerConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Broker settings from a {@code broker.conf} file (RocketMQ's key names; the reference's keys
 * Bolide does not apply are accepted or refused as {@link BrokerConfig#fileSchema()} says) and
 * command-line overrides. Precedence, lowest first: {@link BrokerConfig}'s defaults, the {@code
 * bolide} command's default data directory, the file, the command line.
 */
final class BrokerSettings {
    static final String DEFAULT_DATA = "data";

    private BrokerSettings() {}

    /**
     * The configuration.
     *
     * @param file a {@code broker.conf} file, or null
     * @param overrides keys set on the command line (for example {@code namesrvAddr}); they win
     * @throws ConfigException for an unknown key or a bad value, naming the key
     */
    static BrokerConfig resolve(Path file, Map<String, String> overrides) {
        return resolve(file, overrides, note -> {});
    }

    /**
     * The configuration, each accepted key without effect going to {@code notes} as one line.
     *
     * @throws ConfigException naming every refused or unknown key and bad value, and the file
     */
    static BrokerConfig resolve(Path file, Map<String, String> overrides, Consumer<String> notes) {
        Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("storePathRootDir", DEFAULT_DATA);
        if (file != null) {
            pairs.putAll(ConfigFile.read(file));
            // As the reference: live changes (UPDATE_BROKER_CONFIG) are written to the start file.
            pairs.putIfAbsent("brokerConfigPath", file.toAbsolutePath().toString());
        }
        pairs.putAll(overrides);
        try {
            return BrokerConfig.read(pairs, notes);
        } catch (IllegalArgumentException e) {
            throw new ConfigException((file == null ? "" : file + ": ") + e.getMessage());
        }
    }
}
