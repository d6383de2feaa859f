package io.bolide.controller;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * One controller's configuration as admin tools read and change it while it runs
 * (GET_CONTROLLER_CONFIG, UPDATE_CONTROLLER_CONFIG). An update changes this controller only, not
 * the other members of its raft group: settings are not replicated, as in the reference. Only keys
 * declared {@link Key#isLive() live} change, and never one configBlackList names; each applied
 * update is handed to {@code apply}, which pushes it into the running parts. Changes last until
 * restart: the controller does not rewrite its configuration file.
 */
final class ControllerSettings {
    /** Refused whatever configBlackList says, as the reference refuses them. */
    private static final Set<String> ALWAYS_BLACK =
            Set.of("configBlackList", "configStorePath", "rocketmqHome");

    private final KeyTable keys = ControllerConfig.keyTable();
    private final Consumer<ControllerConfig> apply;
    private volatile ControllerConfig current;

    ControllerSettings(ControllerConfig initial, Consumer<ControllerConfig> apply) {
        this.current = initial;
        this.apply = apply;
    }

    /** The configuration now. */
    ControllerConfig current() {
        return current;
    }

    /** Every key with its current value as {@code key=value} lines, in declaration order. */
    String text() {
        return ConfigValues.asLines(current.values().texts());
    }

    /**
     * Applies {@code updates} all or nothing.
     *
     * @return null when applied, else why not, naming the key
     */
    synchronized String update(Map<String, String> updates) {
        // sorted, so that of several refused keys the same one is named every time
        for (String name : new TreeSet<>(updates.keySet())) {
            String refusal = refusal(name);
            if (refusal != null) {
                return refusal;
            }
        }
        ControllerConfig next;
        try {
            next = current.with(updates);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        current = next;
        apply.accept(next);
        return null;
    }

    private String refusal(String name) {
        Set<String> black = new LinkedHashSet<>(ALWAYS_BLACK);
        black.addAll(current.configBlackList());
        if (black.contains(name)) {
            return "controller config key '"
                    + name
                    + "' is in the black list (configBlackList), it cannot be updated remotely";
        }
        Key<?> key = keys.find(name);
        if (key == null) {
            return "unknown controller config key '" + name + "'";
        }
        if (!key.isLive()) {
            return "controller config key '"
                    + name
                    + "' cannot change while the controller runs; keys changeable live: "
                    + keys.liveNames();
        }
        return null;
    }
}
