package io.bolide.dist;

import io.bolide.namesrv.NameServerConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Name server settings from a {@code namesrv.conf}-style file and the command line. Every key of
 * {@link NameServerConfig#keyTable()} may be set in the file; any other is reported instead of
 * silently ignored.
 */
final class NamesrvSettings {
    private NamesrvSettings() {}

    /**
     * The configuration: defaults, then the file's keys (if {@code file} is not null), then {@code
     * port} (if not null).
     *
     * @throws ConfigException for an unknown key or a bad value, naming the key and the file
     */
    static NameServerConfig resolve(Path file, Integer port) {
        return resolve(file, port, note -> {});
    }

    /**
     * The configuration, each accepted key without effect going to {@code notes} as one line.
     *
     * @throws ConfigException naming every refused or unknown key and bad value, and the file
     */
    static NameServerConfig resolve(Path file, Integer port, Consumer<String> notes) {
        Map<String, String> pairs = new LinkedHashMap<>();
        if (file != null) {
            pairs.putAll(ConfigFile.read(file));
        }
        if (port != null) {
            pairs.put("listenPort", Integer.toString(port));
        }
        try {
            return NameServerConfig.read(pairs, notes);
        } catch (IllegalArgumentException e) {
            throw new ConfigException((file == null ? "" : file + ": ") + e.getMessage());
        }
    }
}
