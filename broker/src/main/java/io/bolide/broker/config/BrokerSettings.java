package io.bolide.broker.config;

import io.bolide.protocol.body.DataVersion;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's configuration as admin tools see and change it while it runs: the current {@link
 * BrokerConfig} in text form, and the one path by which a running broker's settings change. Only
 * keys declared {@link Key#isLive() live} are accepted: their readers look the value up through
 * {@link #current()} on every use. Every other key was read into a running part at start-up, so
 * changing it here would only make the tools lie; those updates are refused, naming the key.
 *
 * <p>Applied updates are kept in {@code <storePathRootDir>/config/broker.properties} (where the
 * reference keeps the configuration it rewrites) and laid over the configuration at the next start,
 * so a restart keeps them. Only the keys changed this way are written there: the operator's own
 * broker.conf is never rewritten.
 */
public final class BrokerSettings {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerSettings.class);
    private static final KeyTable KEYS = BrokerConfig.keyTable();

    private final AtomicReference<BrokerConfig> current;
    private final Path file;
    private final Map<String, String> changed = new TreeMap<>();
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);

    /** Settings that are not kept across restarts (tests). */
    public BrokerSettings(BrokerConfig initial) {
        this(initial, null);
    }

    private BrokerSettings(BrokerConfig initial, Path file) {
        this.current = new AtomicReference<>(initial);
        this.file = file;
    }

    /**
     * {@code initial} with the live changes kept in {@code file} laid over it; a key there that is
     * unknown or no longer live is ignored, with a warning.
     */
    public static BrokerSettings open(BrokerConfig initial, Path file) throws IOException {
        BrokerSettings settings = new BrokerSettings(initial, file);
        if (!Files.exists(file)) {
            return settings;
        }
        Properties saved = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            saved.load(in);
        }
        Map<String, String> kept = new TreeMap<>();
        for (String name : saved.stringPropertyNames()) {
            Key<?> key = KEYS.find(name);
            if (key != null && key.isLive()) {
                kept.put(name, saved.getProperty(name).trim());
            } else {
                LOG.warn("ignoring {} in {}: not a key that changes live", name, file);
            }
        }
        settings.current.set(BrokerConfig.fromValues(initial.values().with(kept)));
        settings.changed.putAll(kept);
        return settings;
    }

    /** Changes with every applied update. */
    DataVersion version() {
        return version;
    }

    public BrokerConfig current() {
        return current.get();
    }

    /**
     * Every key with its current value in {@code broker.conf} text form, in declaration order; a
     * password that is set reads as asterisks, so admin tools never show it.
     */
    Map<String, String> values() {
        Map<String, String> values = current.get().values().texts();
        values.replaceAll(
                (name, value) -> name.endsWith("Password") && !value.isEmpty() ? "******" : value);
        return values;
    }

    /** The values as {@code key=value} lines, what GET_BROKER_CONFIG answers. */
    String text() {
        return ConfigValues.asLines(values());
    }

    /**
     * Applies {@code updates} all or nothing.
     *
     * @return null when applied, else why not (an unknown key, a key that needs a restart, a bad
     *     value)
     */
    synchronized String update(Map<String, String> updates) {
        for (String name : updates.keySet()) {
            Key<?> key = KEYS.find(name);
            if (key == null) {
                return "unknown broker config key '" + name + "'";
            }
            if (!key.isLive()) {
                return "broker config key '"
                        + name
                        + "' cannot change while the broker runs; keys changeable live: "
                        + KEYS.liveNames()
                        + "; edit broker.conf and restart for the others";
            }
        }
        try {
            current.set(BrokerConfig.fromValues(current.get().values().with(updates)));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        DataVersion v = version;
        version = new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        changed.putAll(updates);
        keep();
        return null;
    }

    /** Writes the live changes so far; a failure leaves them applied until restart, and says so. */
    private void keep() {
        if (file == null) {
            return;
        }
        Properties properties = new Properties();
        properties.putAll(changed);
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                properties.store(out, "changed live through UPDATE_BROKER_CONFIG; read at start");
            }
            Files.move(
                    temp,
                    file,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("cannot keep the changed settings in {}; they last until restart", file, e);
        }
    }
}
