package io.bolide.dist;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * One command-line option, declared once: its names, the label of its value ({@code null} for a
 * flag), what it means and its default. The parser ({@link ArgumentParser}) and the usage text
 * ({@link CommandSpec#usage()}) both read these declarations.
 */
final class Option {
    /** The kinds of value an option takes. */
    enum Kind {
        FLAG,
        TEXT,
        PATH,
        INT
    }

    static final Option HELP = flag("-h", "--help", "Show this help message and exit.");
    static final Option VERSION = flag("-V", "--version", "Print version information and exit.");

    private final String shortName;
    private final String longName;
    private final Kind kind;
    private final String label;
    private final String description;
    private final String defaultValue;

    private Option(
            String shortName,
            String longName,
            Kind kind,
            String label,
            String description,
            String defaultValue) {
        this.shortName = shortName;
        this.longName = longName;
        this.kind = kind;
        this.label = label;
        this.description = description;
        this.defaultValue = defaultValue;
    }

    /** A flag; either name may be null. */
    static Option flag(String shortName, String longName, String description) {
        return new Option(shortName, longName, Kind.FLAG, null, description, null);
    }

    /** A required word that is not an option (a file to read), shown as {@code label}. */
    static Option positional(String label, String description) {
        return new Option(null, null, Kind.PATH, label, description, null);
    }

    boolean isPositional() {
        return shortName == null && longName == null;
    }

    /** An option with a value of {@code kind}; either name and the default may be null. */
    static Option value(
            String shortName,
            String longName,
            Kind kind,
            String label,
            String description,
            String defaultValue) {
        return new Option(shortName, longName, kind, label, description, defaultValue);
    }

    boolean isFlag() {
        return kind == Kind.FLAG;
    }

    boolean named(String name) {
        return !isPositional() && (name.equals(shortName) || name.equals(longName));
    }

    String shortName() {
        return shortName;
    }

    String longName() {
        return longName;
    }

    /** The name error messages use: the long one if there is one, else the label. */
    String displayName() {
        return longName != null ? longName : shortName != null ? shortName : label;
    }

    String label() {
        return label;
    }

    String description() {
        return description;
    }

    String defaultValue() {
        return defaultValue;
    }

    /** What the usage sorts by: the first name without its dashes, any case. */
    String sortKey() {
        String name = shortName != null ? shortName : longName != null ? longName : label;
        return name.replace("-", "").toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Checks that {@code text} converts to this option's type.
     *
     * @throws UsageException naming the option, as picocli did
     */
    void check(String text) {
        try {
            if (kind == Kind.INT) {
                Integer.parseInt(text);
            } else if (kind == Kind.PATH) {
                Path.of(text);
            }
        } catch (NumberFormatException e) {
            throw new UsageException(
                    "Invalid value for option '"
                            + displayName()
                            + "': '"
                            + text
                            + "' is not an int");
        } catch (InvalidPathException e) {
            throw new UsageException(
                    "Invalid value for option '" + displayName() + "': " + e.getMessage());
        }
    }
}
