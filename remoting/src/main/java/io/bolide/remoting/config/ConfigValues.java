package io.bolide.remoting.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A value for every key of one {@link KeyTable}, each with the text it was given in: immutable.
 * Changing values means building new ones ({@link #with(Map)}, {@link #toBuilder()}); a running
 * process that allows live changes swaps the whole set in one place.
 */
public final class ConfigValues {
    private final KeyTable table;
    private final Object[] values;
    private final String[] texts;

    private ConfigValues(KeyTable table, Object[] values, String[] texts) {
        this.table = table;
        this.values = values;
        this.texts = texts;
    }

    static ConfigValues defaults(KeyTable table) {
        int size = table.keys().size();
        Object[] values = new Object[size];
        String[] texts = new String[size];
        for (int i = 0; i < size; i++) {
            values[i] = table.keys().get(i).defaultValue();
            texts[i] = table.keys().get(i).defaultText();
        }
        return new ConfigValues(table, values, texts);
    }

    /** The table these are values of. */
    public KeyTable table() {
        return table;
    }

    /** {@code key}'s value. */
    public <T> T get(Key<T> key) {
        return key.valueType().cast(values[table.indexOf(key)]);
    }

    /** {@code key}'s value in the text it was given in. */
    public String text(Key<?> key) {
        return texts[table.indexOf(key)];
    }

    /** Every key's text, in declaration order: what admin tools are shown. */
    public Map<String, String> texts() {
        Map<String, String> all = new LinkedHashMap<>();
        for (int i = 0; i < texts.length; i++) {
            all.put(table.keys().get(i).name(), texts[i]);
        }
        return all;
    }

    /**
     * {@code texts} as {@code key=value} lines, in their order: the body of the GET_*_CONFIG
     * answers admin tools read as properties.
     */
    public static String asLines(Map<String, String> texts) {
        StringBuilder lines = new StringBuilder(64 * texts.size());
        for (Map.Entry<String, String> entry : texts.entrySet()) {
            lines.append(entry.getKey()).append('=').append(entry.getValue()).append('\n');
        }
        return lines.toString();
    }

    /**
     * These values with {@code pairs} applied, all or none.
     *
     * @throws IllegalArgumentException naming the key, for an unknown key or a bad value
     */
    public ConfigValues with(Map<String, String> pairs) {
        Builder builder = toBuilder();
        for (Map.Entry<String, String> pair : pairs.entrySet()) {
            builder.set(pair.getKey(), pair.getValue());
        }
        return builder.build();
    }

    /** A builder starting from these values. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Collects values; each is validated as it is set. */
    public static final class Builder {
        private final KeyTable table;
        private final Object[] values;
        private final String[] texts;

        private Builder(ConfigValues from) {
            this.table = from.table;
            this.values = from.values.clone();
            this.texts = from.texts.clone();
        }

        /**
         * Sets the key {@code name} from its text (surrounding white space ignored).
         *
         * @throws IllegalArgumentException for an unknown key or a bad value, naming the key
         */
        public Builder set(String name, String text) {
            Key<?> key = table.find(name);
            if (key == null) {
                throw new IllegalArgumentException(table.unknownKey(name));
            }
            return setText(key, Objects.requireNonNull(text, name).trim());
        }

        /**
         * Sets {@code key} to {@code value}, validated as its text would be.
         *
         * @throws IllegalArgumentException for a value the key refuses, naming the key
         */
        public <T> Builder set(Key<T> key, T value) {
            return setText(key, key.format(value));
        }

        private Builder setText(Key<?> key, String text) {
            int index = table.indexOf(key);
            try {
                values[index] = key.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "bad value '"
                                + text
                                + "' for "
                                + table.label()
                                + " config key '"
                                + key.name()
                                + "': "
                                + e.getMessage(),
                        e);
            }
            texts[index] = text;
            return this;
        }

        /** The values. */
        public ConfigValues build() {
            return new ConfigValues(table, values.clone(), texts.clone());
        }
    }
}
