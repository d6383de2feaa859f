package io.bolide.remoting.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of one configuration file, in declaration order: what the file may say, what {@code
 * bolide keys} and the docs list, and what an unknown name is checked against. Built once, in the
 * class that declares the keys:
 *
 * <pre>{@code
 * private static final KeyTable.Builder KEYS = KeyTable.builder("broker");
 * public static final Key<Integer> LISTEN_PORT = KEYS.add(Key.ofInt("listenPort", ...));
 * static final KeyTable TABLE = KEYS.build();
 * }</pre>
 */
public final class KeyTable {
    private final String label;
    private final List<Key<?>> keys;
    private final Map<String, Key<?>> byName;
    private final Map<String, Key<?>> aliases;
    private final ConfigValues defaults;

    private KeyTable(String label, List<Key<?>> keys, Map<String, Key<?>> aliases) {
        this.label = label;
        this.keys = Collections.unmodifiableList(new ArrayList<>(keys));
        this.byName = new HashMap<>(keys.size() * 2);
        for (Key<?> key : keys) {
            byName.put(key.name(), key);
        }
        this.aliases = Collections.unmodifiableMap(new LinkedHashMap<>(aliases));
        byName.putAll(aliases);
        this.defaults = ConfigValues.defaults(this);
    }

    /** A table of the keys {@code label}'s file takes ("broker", "name server"). */
    public static Builder builder(String label) {
        return new Builder(label);
    }

    /** Who the keys configure, as messages name it: "broker", "name server". */
    public String label() {
        return label;
    }

    /** Every key, in declaration order. */
    public List<Key<?>> keys() {
        return keys;
    }

    /** The key called {@code name} (or by an older name of it), or null. */
    public Key<?> find(String name) {
        return byName.get(name);
    }

    /** Older names still accepted, each with the key it names now. */
    public Map<String, Key<?>> aliases() {
        return aliases;
    }

    /** The names of the keys that may change while running, in declaration order. */
    public List<String> liveNames() {
        List<String> names = new ArrayList<>();
        for (Key<?> key : keys) {
            if (key.isLive()) {
                names.add(key.name());
            }
        }
        return names;
    }

    /** Every key at its default. */
    public ConfigValues defaults() {
        return defaults;
    }

    /**
     * Values from {@code file}-style pairs, keys not given at their defaults.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public ConfigValues parse(Map<String, String> pairs) {
        return defaults.with(pairs);
    }

    /** The refusal of the unknown key {@code name}, listing the accepted ones. */
    String unknownKey(String name) {
        return "unknown " + label + " config key '" + name + "'; accepted keys: " + names();
    }

    /** The keys' names, comma separated. */
    String names() {
        StringBuilder names = new StringBuilder();
        for (Key<?> key : keys) {
            names.append(names.length() == 0 ? "" : ", ").append(key.name());
        }
        return names.toString();
    }

    /** The position of {@code key}'s value; fails for a key of another table. */
    int indexOf(Key<?> key) {
        int index = key.index();
        if (index < 0 || index >= keys.size() || keys.get(index) != key) {
            throw new IllegalArgumentException(
                    "key " + key.name() + " is not a " + label + " config key");
        }
        return index;
    }

    /** Collects the keys of a table as they are declared. */
    public static final class Builder {
        private final String label;
        private final List<Key<?>> keys = new ArrayList<>();
        private final Map<String, Key<?>> aliases = new LinkedHashMap<>();
        private boolean built;

        private Builder(String label) {
            this.label = label;
        }

        /**
         * Adds {@code key}; returns the key to keep in a constant (the one the table knows).
         *
         * @throws IllegalStateException for a name declared twice, or after {@link #build()}
         */
        public <T> Key<T> add(Key<T> key) {
            if (built) {
                throw new IllegalStateException(key.name() + " declared after the table was built");
            }
            for (Key<?> other : keys) {
                if (other.name().equals(key.name())) {
                    throw new IllegalStateException(label + " key declared twice: " + key.name());
                }
            }
            Key<T> placed = key.at(keys.size());
            keys.add(placed);
            return placed;
        }

        /** Accepts {@code oldName} as another name of {@code key}, added before. */
        public void alias(String oldName, Key<?> key) {
            if (!keys.contains(key) || aliases.put(oldName, key) != null) {
                throw new IllegalStateException("bad alias " + oldName + " of " + key.name());
            }
        }

        /** The table. */
        public KeyTable build() {
            built = true;
            return new KeyTable(label, keys, aliases);
        }
    }
}
