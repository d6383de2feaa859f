package io.bolide.dist;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;

/**
 * One {@code bolide} subcommand as a table: its name, what it does, its options (help and version
 * included) and how to make the command from parsed {@link Arguments}. The parser and the usage
 * text both come from this one declaration.
 */
final class CommandSpec {
    static final int WIDTH = 80;

    private final String name;
    private final String description;
    private final List<Option> options;
    private final BiFunction<Arguments, PrintWriter, Callable<Integer>> factory;

    CommandSpec(
            String name,
            String description,
            List<Option> options,
            BiFunction<Arguments, PrintWriter, Callable<Integer>> factory) {
        this.name = name;
        this.description = description;
        List<Option> all = new ArrayList<>(options);
        all.add(Option.HELP);
        all.add(Option.VERSION);
        all.sort(Comparator.comparing(Option::sortKey));
        this.options = List.copyOf(all);
        this.factory = factory;
    }

    String name() {
        return name;
    }

    String description() {
        return description;
    }

    /** The option called {@code optionName}, or null. */
    Option find(String optionName) {
        for (Option option : options) {
            if (option.named(optionName)) {
                return option;
            }
        }
        return null;
    }

    /** The required word that is not an option, or null if the command takes none. */
    Option positional() {
        for (Option option : options) {
            if (option.isPositional()) {
                return option;
            }
        }
        return null;
    }

    /** The command, ready to run with {@code arguments}, printing what it prints to {@code out}. */
    Callable<Integer> create(Arguments arguments, PrintWriter out) {
        return factory.apply(arguments, out);
    }

    /** The help text: synopsis, description, one entry per option. */
    String usage() {
        String prefix = "Usage: bolide " + name;
        StringBuilder synopsis = new StringBuilder();
        StringBuilder flags = new StringBuilder();
        for (Option option : options) {
            if (option.isFlag() && option.shortName() != null) {
                flags.append(option.shortName().substring(1));
            }
        }
        List<String> words = new ArrayList<>();
        if (flags.length() > 0) {
            words.add("[-" + flags + "]");
        }
        for (Option option : options) {
            if (option.isPositional()) {
                continue;
            }
            if (!option.isFlag() || option.shortName() == null) {
                String first = option.shortName() != null ? option.shortName() : option.longName();
                words.add("[" + first + (option.isFlag() ? "" : "=" + option.label()) + "]");
            }
        }
        if (positional() != null) {
            words.add(positional().label());
        }
        appendWrapped(synopsis, prefix, words, prefix.length() + 1);
        StringBuilder text = new StringBuilder(1024).append(synopsis);
        appendWrapped(text, "", List.of(description.split(" ")), 0);
        List<String> heads = new ArrayList<>();
        for (Option option : options) {
            heads.add(head(option));
        }
        int column = heads.stream().mapToInt(String::length).max().orElse(0) + 3;
        for (int i = 0; i < options.size(); i++) {
            entry(text, heads.get(i), options.get(i).description(), column);
        }
        return text.toString();
    }

    /** " -c, --config=FILE" or " --data=DIR". */
    private static String head(Option option) {
        String value = option.isFlag() ? "" : "=" + option.label();
        if (option.shortName() == null) {
            return "      " + option.longName() + value;
        }
        if (option.longName() == null) {
            return "  " + option.shortName() + value;
        }
        return "  " + option.shortName() + ", " + option.longName() + value;
    }

    /** One entry of a two-column list: {@code head}, then {@code text} from {@code column}. */
    static void entry(StringBuilder out, String head, String text, int column) {
        StringBuilder first = new StringBuilder(head);
        while (first.length() < column) {
            first.append(' ');
        }
        appendWrapped(out, first.toString(), List.of(text.split(" ")), column + 2);
    }

    /**
     * Appends {@code start} and {@code words} separated by spaces, as one line of at most {@link
     * #WIDTH} columns or several, the later ones indented by {@code indent}. A {@code start} that
     * is empty or ends in a space takes the first word without a separator.
     */
    static void appendWrapped(StringBuilder out, String start, List<String> words, int indent) {
        StringBuilder line = new StringBuilder(start);
        boolean fresh = start.isEmpty() || start.endsWith(" ");
        for (String word : words) {
            if (!fresh && line.length() + 1 + word.length() > WIDTH) {
                out.append(line).append('\n');
                line.setLength(0);
                line.append(" ".repeat(indent));
                fresh = true;
            }
            if (!fresh) {
                line.append(' ');
            }
            line.append(word);
            fresh = false;
        }
        out.append(line).append('\n');
    }
}
