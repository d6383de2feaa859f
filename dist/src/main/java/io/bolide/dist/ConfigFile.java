package io.bolide.dist;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A configuration file in Java properties syntax, as RocketMQ's {@code broker.conf} and {@code
 * namesrv.conf} are: {@code key=value} lines, {@code #} comments.
 */
final class ConfigFile {
    private ConfigFile() {}

    /**
     * The file's pairs with values trimmed, in key order.
     *
     * @throws ConfigException if the file cannot be read
     */
    static Map<String, String> read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
        }
        Map<String, String> pairs = new LinkedHashMap<>();
        properties.stringPropertyNames().stream()
                .sorted()
                .forEach(key -> pairs.put(key, properties.getProperty(key).trim()));
        return pairs;
    }
}
