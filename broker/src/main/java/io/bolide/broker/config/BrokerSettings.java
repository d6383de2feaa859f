package io.bolide.broker.config;

import io.bolide.protocol.body.DataVersion;
import io.bolide.remoting.config.ConfigFileWriter;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's configuration as admin tools see and change it while it runs: the current {@link
 * BrokerConfig} in text form, and the one path by which a running broker's settings change. Only
 * keys declared {@link Key#isLive() live} are accepted: their readers look the value up through
 * {@link #current()} on every use, or are handed each change ({@link #onChange}). Every other key
 * was read into a running part at start-up, so changing it here would only make the tools lie;
 * those updates are refused, naming the key and {@link RestartReasons why}.
 *
 * <p>Applied updates are written to the broker's config file, as the reference does: the file named
 * by brokerConfigPath ({@code bolide broker -c FILE} sets it to FILE), which the next start reads
 * anyway; without one, to {@code <storePathRootDir>/config/broker.properties} (the reference's
 * default place), which is laid over the configuration at start. Either way a restart keeps them.
 */
public final class BrokerSettings {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerSettings.class);
    private static final KeyTable KEYS = BrokerConfig.keyTable();

    private final AtomicReference<BrokerConfig> current;
    private final ConfigFileWriter file;
    private final List<Consumer<BrokerConfig>> listeners = new CopyOnWriteArrayList<>();
    private final List<Function<BrokerConfig, String>> guards = new CopyOnWriteArrayList<>();
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);

    /** Settings that are not kept across restarts (tests). */
    public BrokerSettings(BrokerConfig initial) {
        this(initial, null);
    }

    private BrokerSettings(BrokerConfig initial, Path file) {
        this.current = new AtomicReference<>(initial);
        this.file = file == null ? null : new ConfigFileWriter(file, KEYS);
    }

    /**
     * The settings of a broker starting with {@code initial}: changes go to its brokerConfigPath
     * file if it names one, else to {@code <storePathRootDir>/config/broker.properties}, whose live
     * keys are then laid over {@code initial}.
     */
    public static BrokerSettings open(BrokerConfig initial) throws IOException {
        String named = initial.values().get(BrokerConfigKeys.BROKER_CONFIG_PATH);
        Path fallback = initial.storePathRootDir().resolve("config/broker.properties");
        if (named.isEmpty()) {
            return open(initial, fallback);
        }
        if (Files.exists(fallback)
                && !fallback.toAbsolutePath().equals(Path.of(named).toAbsolutePath())) {
            LOG.warn(
                    "ignoring the live changes in {}: they are now written to {} (brokerConfigPath);"
                            + " copy any still wanted there",
                    fallback,
                    named);
        }
        return new BrokerSettings(initial, Path.of(named));
    }

    /**
     * {@code initial} with the live changes kept in {@code file} laid over it; a key there that is
     * unknown or no longer live is ignored, with a warning.
     */
    static BrokerSettings open(BrokerConfig initial, Path file) throws IOException {
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
        return settings;
    }

    /** Hands every applied change to {@code listener} (on the updating thread). */
    public void onChange(Consumer<BrokerConfig> listener) {
        listeners.add(listener);
    }

    /**
     * Refuses an update when {@code rule} answers a reason for the settings it would make (a limit
     * a running part was sized with at start); null lets it through.
     */
    public void guard(Function<BrokerConfig, String> rule) {
        guards.add(rule);
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
     * Applies {@code updates} all or nothing, validated as the file is at start, then writes them
     * to the config file.
     *
     * @return null when applied, else why not (an unknown key, a key that needs a restart and why,
     *     a bad value)
     */
    synchronized String update(Map<String, String> updates) {
        Map<String, String> named = new LinkedHashMap<>();
        for (Map.Entry<String, String> update : updates.entrySet()) {
            Key<?> key = KEYS.find(update.getKey());
            if (key == null) {
                return "unknown broker config key '" + update.getKey() + "'";
            }
            if (!key.isLive()) {
                return "broker config key '"
                        + update.getKey()
                        + "' cannot change while the broker runs: "
                        + RestartReasons.of(key)
                        + "; keys changeable live: "
                        + KEYS.liveNames()
                        + "; edit broker.conf and restart for the others";
            }
            named.put(key.name(), update.getValue().trim());
        }
        BrokerConfig next;
        try {
            next = BrokerConfig.fromValues(current.get().values().with(named));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        for (Function<BrokerConfig, String> rule : guards) {
            String refusal = rule.apply(next);
            if (refusal != null) {
                return refusal;
            }
        }
        current.set(next);
        DataVersion v = version;
        version = new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        listeners.forEach(listener -> listener.accept(next));
        keep(named);
        return null;
    }

    /**
     * Writes {@code changes} to the file; a failure leaves them applied until restart, and says so.
     */
    private void keep(Map<String, String> changes) {
        if (file == null) {
            return;
        }
        try {
            file.write(changes);
            LOG.info("broker config {} changed live and written to {}", changes, file.file());
        } catch (IOException e) {
            LOG.warn(
                    "cannot write the changed settings to {}; they last until restart",
                    file.file(),
                    e);
        }
    }
}
