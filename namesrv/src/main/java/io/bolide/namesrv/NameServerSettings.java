package io.bolide.namesrv;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The name server's configuration as admin tools read and change it while it runs
 * (GET_NAMESRV_CONFIG, UPDATE_NAMESRV_CONFIG). Only keys declared {@link Key#isLive() live} change;
 * each applied update is handed to {@code apply}, which pushes it into the running parts. Changes
 * last until restart: the name server does not rewrite its configuration file.
 */
final class NameServerSettings {
    private final KeyTable keys = NameServerConfig.keyTable();
    private final Consumer<NameServerConfig> apply;
    private volatile NameServerConfig current;

    NameServerSettings(NameServerConfig initial, Consumer<NameServerConfig> apply) {
        this.current = initial;
        this.apply = apply;
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
        NameServerConfig next;
        try {
            next = new NameServerConfig(current.values().with(updates));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        current = next;
        apply.accept(next);
        return null;
    }
}
