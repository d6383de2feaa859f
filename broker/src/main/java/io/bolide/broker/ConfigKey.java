package io.bolide.broker;

import java.util.function.BiConsumer;

/** One broker configuration key: its name, value type, default (as text) and meaning. */
public final class ConfigKey {
    private final String name;
    private final String type;
    private final String defaultValue;
    private final String doc;
    private final BiConsumer<BrokerConfig.Builder, String> setter;

    ConfigKey(
            String name,
            String type,
            String defaultValue,
            String doc,
            BiConsumer<BrokerConfig.Builder, String> setter) {
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.doc = doc;
        this.setter = setter;
    }

    /** The key as written in {@code broker.conf}. */
    public String name() {
        return name;
    }

    /** The value type: int, long, boolean, string, or an enum's values. */
    public String type() {
        return type;
    }

    /** The default, in text form. */
    public String defaultValue() {
        return defaultValue;
    }

    /** What the key means. */
    public String doc() {
        return doc;
    }

    void apply(BrokerConfig.Builder builder, String value) {
        try {
            setter.accept(builder, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "bad value '"
                            + value
                            + "' for broker config key '"
                            + name
                            + "': "
                            + e.getMessage(),
                    e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + type + ", default '" + defaultValue + "'): " + doc;
    }
}
