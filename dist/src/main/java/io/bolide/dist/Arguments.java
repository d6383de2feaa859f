package io.bolide.dist;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The options one command line gave, already checked against their types. */
final class Arguments {
    private final Map<Option, String> values = new HashMap<>();

    /** An empty set: every option at its default. */
    Arguments() {}

    void put(Option option, String value) {
        values.put(option, value);
    }

    boolean has(Option option) {
        return values.containsKey(option);
    }

    /** The option's value, else its default, else null. */
    String text(Option option) {
        String value = values.get(option);
        return value != null ? value : option.defaultValue();
    }

    /** The option's value as a path, or null. */
    Path path(Option option) {
        String value = text(option);
        return value == null ? null : Path.of(value);
    }

    /** The option's value as an integer, or null. */
    Integer integer(Option option) {
        String value = text(option);
        return value == null ? null : Integer.valueOf(value);
    }
}
