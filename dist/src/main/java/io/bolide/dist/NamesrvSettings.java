package io.bolide.dist;

import io.bolide.namesrv.NameServerConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

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
        Map<String, String> pairs = new LinkedHashMap<>();
        if (file != null) {
            pairs.putAll(ConfigFile.read(file));
        }
        if (port != null) {
            pairs.put("listenPort", Integer.toString(port));
        }
        try {
            return NameServerConfig.fromProperties(pairs);
        } catch (IllegalArgumentException e) {
            throw new ConfigException((file == null ? "" : file + ": ") + e.getMessage());
        }
    }
}
