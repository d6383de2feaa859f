package io.bolide.broker;

import io.bolide.protocol.body.DataVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The broker's configuration as admin tools see and change it while it runs: the current {@link
 * BrokerConfig} in text form, and updates limited to the keys whose readers look the value up on
 * every use. Every other key was read into a running part at start-up, so changing it here would
 * only make the tools lie; those updates are refused, naming the key.
 */
final class BrokerSettings {
    /** Keys read live (through {@link #current()}); all others need a restart. */
    static final Set<String> LIVE_KEYS = Set.of("autoCreateSubscriptionGroup");

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

    /** Every key with its current value in {@code broker.conf} text form. */
    Map<String, String> values() {
        BrokerConfig config = current.get();
        Map<String, String> values = new LinkedHashMap<>();
        for (ConfigKey key : BrokerConfig.keys()) {
            values.put(key.name(), config.textValues().getOrDefault(key.name(), ""));
        }
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
        for (String key : updates.keySet()) {
            if (BrokerConfigKeys.find(key) == null) {
                return "unknown broker config key '" + key + "'";
            }
            if (!LIVE_KEYS.contains(key)) {
                return "broker config key '"
                        + key
                        + "' cannot change while the broker runs; keys changeable live: "
                        + LIVE_KEYS
                        + "; edit broker.conf and restart for the others";
            }
        }
        Map<String, String> next = values();
        next.putAll(updates);
        try {
            current.set(BrokerConfig.fromProperties(next));
            DataVersion v = version;
            version =
                    new DataVersion(v.stateVersion(), System.currentTimeMillis(), v.counter() + 1);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }
}
