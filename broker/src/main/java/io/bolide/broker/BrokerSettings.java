package io.bolide.broker;

import io.bolide.protocol.body.DataVersion;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The broker's configuration as admin tools see and change it while it runs: the current {@link
 * BrokerConfig} in text form, and the one path by which a running broker's settings change. Only
 * keys declared {@link Key#isLive() live} are accepted: their readers look the value up through
 * {@link #current()} on every use. Every other key was read into a running part at start-up, so
 * changing it here would only make the tools lie; those updates are refused, naming the key.
 */
final class BrokerSettings {
    private static final KeyTable KEYS = BrokerConfig.keyTable();

    private final AtomicReference<BrokerConfig> current;
    private volatile DataVersion version = new DataVersion(0, System.currentTimeMillis(), 0);

    BrokerSettings(BrokerConfig initial) {
        this.current = new AtomicReference<>(initial);
    }

    /** Changes with every applied update. */
    DataVersion version() {
        return version;
    }

    BrokerConfig current() {
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
        StringBuilder text = new StringBuilder(2048);
        for (Map.Entry<String, String> entry : values().entrySet()) {
            text.append(entry.getKey()).append('=').append(entry.getValue()).append('\n');
        }
        return text.toString();
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
        return null;
    }
}
