package io.bolide.dist;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Sets a role command's {@link Option} fields from a plain command line without building picocli's
 * model of the command. picocli builds that model by reflection over its own classes (Java 5
 * bytecode, which class-data sharing cannot archive and the old verifier checks on every start):
 * profiled, it was the largest piece of a start on the main thread (~140 ms of CPU of a ~0.6 s
 * start). Hand-written on purpose, for the start-up target, and deliberately narrow: only {@code
 * --name value}, {@code --name=value} and {@code -x value} forms of the options the annotations
 * declare, with String, Path and int values. Anything else (help, version, an unknown option, a
 * missing or unconvertible value) makes it decline, and picocli parses the line with its usual
 * messages. The annotations stay the one description of the options.
 */
final class QuickArguments {
    private static final String NO_DEFAULT = "__no_default_value__";

    private QuickArguments() {}

    /**
     * Sets {@code command}'s option fields from {@code args}; false (fields possibly half set: use
     * a fresh command) if the line needs picocli.
     */
    static boolean apply(Object command, String[] args) {
        Map<String, Field> options = new HashMap<>();
        try {
            for (Class<?> type = command.getClass(); type != Object.class; ) {
                for (Field field : type.getDeclaredFields()) {
                    Option option = field.getAnnotation(Option.class);
                    if (option != null && !declare(command, field, option, options)) {
                        return false;
                    }
                }
                type = type.getSuperclass();
            }
            return parse(command, args, options);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static boolean declare(
            Object command, Field field, Option option, Map<String, Field> options)
            throws IllegalAccessException {
        for (String name : option.names()) {
            options.put(name, field);
        }
        String fallback = option.defaultValue();
        return NO_DEFAULT.equals(fallback) || set(command, field, fallback);
    }

    private static boolean parse(Object command, String[] args, Map<String, Field> options)
            throws IllegalAccessException {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int equals = arg.startsWith("--") ? arg.indexOf('=') : -1;
            Field field = options.get(equals < 0 ? arg : arg.substring(0, equals));
            String value;
            if (field == null) {
                return false;
            } else if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                value = args[++i];
            } else {
                return false;
            }
            if (!set(command, field, value)) {
                return false;
            }
        }
        return true;
    }

    private static boolean set(Object command, Field field, String value)
            throws IllegalAccessException {
        Class<?> type = field.getType();
        Object converted;
        if (type == String.class) {
            converted = value;
        } else if (type == Path.class) {
            converted = Path.of(value);
        } else if (type == int.class || type == Integer.class) {
            converted = Integer.valueOf(value);
        } else {
            return false;
        }
        field.setAccessible(true);
        field.set(command, converted);
        return true;
    }
}
