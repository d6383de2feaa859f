package io.bolide.remoting.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * One configuration key, declared once: its name as written in the file, value type, default,
 * validation (the parser rejects what is out of range), meaning, and whether it may change while
 * the process runs. Immutable. A key belongs to the one {@link KeyTable} it was added to, which
 * gives it the position its value has in {@link ConfigValues}, so reading a value is an array load.
 *
 * @param <T> the parsed value's type
 */
public final class Key<T> {
    private final String name;
    private final Class<T> valueType;
    private final String typeName;
    private final String defaultText;
    private final T defaultValue;
    private final String doc;
    private final boolean live;
    private final boolean bolideOnly;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;
    private final int index;

    private Key(Builder<T> b, boolean live, boolean bolideOnly, int index) {
        this.name = b.name;
        this.valueType = b.valueType;
        this.typeName = b.typeName;
        this.defaultText = b.defaultText;
        this.doc = b.doc;
        this.parser = b.parser;
        this.formatter = b.formatter;
        this.live = live;
        this.bolideOnly = bolideOnly;
        this.index = index;
        this.defaultValue = parseOrFail(b);
    }

    private T parseOrFail(Builder<T> b) {
        try {
            return parser.apply(b.defaultText);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("bad default of " + name + ": " + e.getMessage(), e);
        }
    }

    /** An integer key; values outside {@code [min, max]} are refused. */
    public static Key<Integer> ofInt(String name, int def, int min, int max, String doc) {
        return new Builder<>(name, Integer.class, "integer in " + ValueText.range(min, max))
                .parser(v -> (int) ValueText.parseLong(v, min, max))
                .build(Integer.toString(def), doc);
    }

    /** A long integer key; values outside {@code [min, max]} are refused. */
    public static Key<Long> ofLong(String name, long def, long min, long max, String doc) {
        return new Builder<>(name, Long.class, "integer in " + ValueText.range(min, max))
                .parser(v -> ValueText.parseLong(v, min, max))
                .build(Long.toString(def), doc);
    }

    /** A boolean key: {@code true} or {@code false}, in any case. */
    public static Key<Boolean> ofBoolean(String name, boolean def, String doc) {
        return new Builder<>(name, Boolean.class, "boolean")
                .parser(ValueText::parseBoolean)
                .build(Boolean.toString(def), doc);
    }

    /** A text key taking any value, the empty text included. */
    public static Key<String> ofString(String name, String def, String doc) {
        return new Builder<>(name, String.class, "string").parser(v -> v).build(def, doc);
    }

    /** A text key that must not be empty. */
    public static Key<String> ofNonEmpty(String name, String def, String doc) {
        return new Builder<>(name, String.class, "string")
                .parser(ValueText::nonEmpty)
                .build(def, doc);
    }

    /** A file or directory path, not empty. */
    public static Key<Path> ofPath(String name, String def, String doc) {
        return new Builder<>(name, Path.class, "path")
                .parser(v -> Path.of(ValueText.nonEmpty(v)))
                .build(def, doc);
    }

    /** A key taking one of {@code constants}' names, exactly as written (as the reference). */
    public static <E extends Enum<E>> Key<E> ofEnum(String name, E[] constants, E def, String doc) {
        return new Builder<>(name, def.getDeclaringClass(), ValueText.choices(constants, "|"))
                .parser(v -> ValueText.parseEnum(constants, v))
                .formatter(Enum::name)
                .build(def.name(), doc);
    }

    /**
     * A key of any type.
     *
     * @param typeName the type as operators read it in {@code bolide keys} and the docs
     * @param parser from the file's text; throws IllegalArgumentException saying what is wrong
     * @param formatter to the file's text, for values set in code ({@link String#valueOf} if null)
     */
    public static <T> Key<T> of(
            String name,
            Class<T> type,
            String typeName,
            String def,
            Function<String, T> parser,
            Function<T, String> formatter,
            String doc) {
        Builder<T> builder = new Builder<>(name, type, typeName).parser(parser);
        return (formatter == null ? builder : builder.formatter(formatter)).build(def, doc);
    }

    /** This key, changeable while the process runs (its readers look it up on every use). */
    public Key<T> live() {
        return new Key<>(asBuilder(), true, bolideOnly, index);
    }

    /** This key, one of Bolide's own that Apache RocketMQ does not read from the same file. */
    public Key<T> bolideOnly() {
        return new Key<>(asBuilder(), live, true, index);
    }

    Key<T> at(int position) {
        return new Key<>(asBuilder(), live, bolideOnly, position);
    }

    private Builder<T> asBuilder() {
        return new Builder<>(name, valueType, typeName)
                .parser(parser)
                .formatter(formatter)
                .text(defaultText, doc);
    }

    /** The key as written in the file. */
    public String name() {
        return name;
    }

    /** The value's Java type. */
    public Class<T> valueType() {
        return valueType;
    }

    /** The value type as operators read it, range included: "integer in [0, 65535]". */
    public String typeName() {
        return typeName;
    }

    /** The default in the file's text form. */
    public String defaultText() {
        return defaultText;
    }

    /** The default value. */
    public T defaultValue() {
        return defaultValue;
    }

    /** What the key means. */
    public String doc() {
        return doc;
    }

    /** Whether the key may change while the process runs. */
    public boolean isLive() {
        return live;
    }

    /** Whether only Bolide reads the key (Apache RocketMQ does not). */
    public boolean isBolideOnly() {
        return bolideOnly;
    }

    /**
     * The value of {@code text}.
     *
     * @throws IllegalArgumentException saying what is wrong (without naming the key)
     */
    public T parse(String text) {
        return parser.apply(text);
    }

    /** The file's text form of {@code value}. */
    public String format(T value) {
        return formatter.apply(Objects.requireNonNull(value, name));
    }

    int index() {
        return index;
    }

    @Override
    public String toString() {
        return name + " (" + typeName + ", default '" + defaultText + "'): " + doc;
    }

    /** The parts of a key, gathered before it is made. */
    private static final class Builder<T> {
        private final String name;
        private final Class<T> valueType;
        private final String typeName;
        private Function<String, T> parser;
        private Function<T, String> formatter = String::valueOf;
        private String defaultText;
        private String doc;

        Builder(String name, Class<T> valueType, String typeName) {
            this.name = Objects.requireNonNull(name);
            this.valueType = Objects.requireNonNull(valueType);
            this.typeName = Objects.requireNonNull(typeName);
        }

        Builder<T> parser(Function<String, T> value) {
            parser = Objects.requireNonNull(value);
            return this;
        }

        Builder<T> formatter(Function<T, String> value) {
            formatter = Objects.requireNonNull(value);
            return this;
        }

        Builder<T> text(String def, String description) {
            defaultText = Objects.requireNonNull(def, name);
            doc = Objects.requireNonNull(description, name);
            return this;
        }

        Key<T> build(String def, String description) {
            return new Key<>(text(def, description), false, false, -1);
        }
    }
}
