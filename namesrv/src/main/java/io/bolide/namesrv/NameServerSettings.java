package io.bolide.namesrv;

import io.bolide.remoting.config.ConfigFileWriter;
import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The name server's configuration as admin tools read and change it while it runs
 * (GET_NAMESRV_CONFIG, UPDATE_NAMESRV_CONFIG). Only keys declared {@link Key#isLive() live} change;
 * each applied update is handed to {@code apply}, which pushes it into the running parts. As the
 * reference persists its configuration on every update, the changed keys are written to the
 * configStorePath file when one is named (its other lines kept), and read back over the start-up
 * configuration when the name server starts again; without one, changes last until restart.
 */
final class NameServerSettings {
    private static final Logger LOG = LoggerFactory.getLogger(NameServerSettings.class);

    private final KeyTable keys = NameServerConfig.keyTable();
    private final Consumer<NameServerConfig> apply;
    private final ConfigFileWriter file;
    private volatile NameServerConfig current;

    NameServerSettings(NameServerConfig initial, Consumer<NameServerConfig> apply) {
        Path path = initial.configStorePath();
        this.file = path == null ? null : new ConfigFileWriter(path, keys);
        this.current = path == null ? initial : keptOver(initial, path, keys);
        this.apply = apply;
    }

    /** The configuration the name server runs with: the start-up one and the kept live changes. */
    NameServerConfig current() {
        return current;
    }

    /** {@code initial} with the live keys kept in {@code path}; other keys there are ignored. */
    private static NameServerConfig keptOver(NameServerConfig initial, Path path, KeyTable keys) {
        if (!Files.exists(path)) {
            return initial;
        }
        Properties saved = new Properties();
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            saved.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read configStorePath " + path, e);
        }
        Map<String, String> kept = new TreeMap<>();
        for (String name : saved.stringPropertyNames()) {
            Key<?> key = keys.find(name);
            if (key != null && key.isLive()) {
                kept.put(key.name(), saved.getProperty(name).trim());
            } else {
                LOG.warn("ignoring {} in {}: not a key that changes live", name, path);
            }
        }
        return new NameServerConfig(initial.values().with(kept));
    }

    /** The largest frame and inflated registration (fixed while running). */
    int maxFrame() {
        return current.maxFrame();
    }

    /** Every key with its current value as {@code key=value} lines, in declaration order. */
    String text() {
        return ConfigValues.asLines(current.values().texts());
    }

    /**
     * Applies {@code updates} all or nothing.
     *
     * @return null when applied, else why not
     */
    synchronized String update(Map<String, String> updates) {
        for (String name : updates.keySet()) {
            Key<?> key = keys.find(name);
            if (key == null) {
                return "unknown name server config key '" + name + "'";
            }
            if (NameServerConfigKeys.CONTROLLER.contains(key)) {
                // the embedded controller has its own settings, changed on its own port
                return "'"
                        + name
                        + "' is a controller key: change it with UPDATE_CONTROLLER_CONFIG"
                        + " (mqadmin updateControllerConfig) on the controller's port";
            }
            if (!key.isLive()) {
                return "name server config key '"
                        + name
                        + "' cannot change while the name server runs; keys changeable live: "
                        + keys.liveNames();
            }
        }
        Map<String, String> named = new LinkedHashMap<>();
        updates.forEach((name, value) -> named.put(keys.find(name).name(), value.trim()));
        NameServerConfig next;
        try {
            next = new NameServerConfig(current.values().with(named));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        current = next;
        apply.accept(next);
        keep(named);
        return null;
    }

    /** Writes {@code changes} to the file; a failure leaves them applied until restart. */
    private void keep(Map<String, String> changes) {
        if (file == null) {
            return;
        }
        try {
            file.write(changes);
            LOG.info("name server config {} changed live and written to {}", changes, file.file());
        } catch (IOException e) {
            LOG.warn(
                    "cannot write the changed settings to {}; they last until restart",
                    file.file(),
                    e);
        }
    }
}
