package io.bolide.remoting;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where a TLS setting comes from. The reference reads its {@code tls.*} settings from JVM system
 * properties, overridden by the properties file {@code tls.config.file} names; Bolide reads the
 * same names from its configuration file as well, and that wins: a key the file sets to something
 * other than its default, else the TLS properties file, else the system property, else the default.
 * So a deployment that passes {@code -Dtls.server.mode=enforcing} or keeps an {@code
 * /etc/rocketmq/tls.properties} moves to Bolide unchanged.
 */
final class TlsSources {
    /** The reference's default TLS properties file, read only if it exists. */
    static final String DEFAULT_FILE = "/etc/rocketmq/tls.properties";

    private final ConfigValues values;
    private final Properties file;

    private TlsSources(ConfigValues values, Properties file) {
        this.values = values;
        this.file = file;
    }

    /**
     * The sources for {@code values}, with the TLS properties file that {@code fileKey} names.
     *
     * @throws UncheckedIOException if the file exists and cannot be read
     */
    static TlsSources of(ConfigValues values, Key<String> fileKey) {
        String name = new TlsSources(values, new Properties()).text(fileKey);
        Properties file = new Properties();
        Path path = Path.of(name.isEmpty() ? DEFAULT_FILE : name);
        if (Files.isRegularFile(path)) {
            try (InputStream in = Files.newInputStream(path)) {
                file.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read TLS settings from " + path, e);
            }
        }
        return new TlsSources(values, file);
    }

    /** {@code key}'s value from the first source that sets it. */
    <T> T get(Key<T> key) {
        return key.parse(text(key));
    }

    /** Whether some source sets {@code key}, to anything but an empty text. */
    boolean isSet(Key<?> key) {
        return !text(key).isEmpty();
    }

    private String text(Key<?> key) {
        String configured = values.text(key);
        if (!configured.equals(key.defaultText())) {
            return configured;
        }
        String fromFile = file.getProperty(key.name());
        if (fromFile != null) {
            return fromFile.trim();
        }
        String property = System.getProperty(key.name());
        return property == null ? configured : property.trim();
    }
}
