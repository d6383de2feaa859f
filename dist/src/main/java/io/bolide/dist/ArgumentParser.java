package io.bolide.dist;

import java.util.List;

/**
 * Parses one command's options by its declared {@link Option}s, with no reflection. The forms are
 * those picocli accepted before it was replaced: {@code --name value}, {@code --name=value}, {@code
 * -x value}, {@code -x=value}, {@code -xvalue}, clustered flags ({@code -hV}), {@code @file}
 * arguments (see {@link AtFiles}), a repeated option's last value winning. Messages keep picocli's
 * wording, which scripts and operators may have seen.
 */
final class ArgumentParser {
    private final CommandSpec spec;

    ArgumentParser(CommandSpec spec) {
        this.spec = spec;
    }

    /**
     * The options of {@code args} (the words after the command's name, @files expanded).
     *
     * @throws UsageException for anything the command does not accept
     */
    Arguments parse(List<String> args) {
        Arguments parsed = new Arguments();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if ("--".equals(arg)) {
                for (int j = i + 1; j < args.size(); j++) {
                    positional(args.get(j), j, parsed);
                }
                break;
            }
            i = parseOne(args, i, parsed);
        }
        Option positional = spec.positional();
        if (positional != null && !parsed.has(positional)) {
            throw new UsageException("Missing required parameter: '" + positional.label() + "'");
        }
        return parsed;
    }

    /** Takes {@code arg} as the command's word that is not an option, if it has a free one. */
    private void positional(String arg, int index, Arguments parsed) {
        Option positional = spec.positional();
        if (positional == null || parsed.has(positional)) {
            throw new UsageException("Unmatched argument at index " + index + ": '" + arg + "'");
        }
        set(positional, arg, parsed, index);
    }

    /** Parses the option at {@code i}; returns the index of the last word it used. */
    private int parseOne(List<String> args, int i, Arguments parsed) {
        String arg = args.get(i);
        int equals = arg.startsWith("-") ? arg.indexOf('=') : -1;
        Option option = spec.find(equals < 0 ? arg : arg.substring(0, equals));
        if (option == null && arg.length() > 2 && arg.charAt(0) == '-' && arg.charAt(1) != '-') {
            return parseShortCluster(arg, args, i, parsed);
        }
        if (option == null && !arg.startsWith("-")) {
            positional(arg, i, parsed);
            return i;
        }
        if (option == null) {
            throw unknown(arg, i);
        }
        if (option.isFlag()) {
            if (equals >= 0) {
                throw new UsageException(
                        "option '" + option.displayName() + "' should not have a value");
            }
            parsed.put(option, "true");
            return i;
        }
        if (equals >= 0) {
            return set(option, arg.substring(equals + 1), parsed, i);
        }
        return set(option, valueAfter(option, args, i), parsed, i + 1);
    }

    /** {@code -xVALUE} or {@code -hV}: a short option with its value attached, or flags. */
    private int parseShortCluster(String arg, List<String> args, int i, Arguments parsed) {
        Option first = spec.find(arg.substring(0, 2));
        if (first == null) {
            throw unknown(arg, i);
        }
        if (!first.isFlag()) {
            return set(first, arg.substring(2), parsed, i);
        }
        for (int c = 1; c < arg.length(); c++) {
            Option flag = spec.find("-" + arg.charAt(c));
            if (flag == null || !flag.isFlag()) {
                throw unknown(arg, i);
            }
            parsed.put(flag, "true");
        }
        return i;
    }

    private String valueAfter(Option option, List<String> args, int i) {
        if (i + 1 >= args.size()) {
            throw new UsageException(
                    "Missing required parameter for option '"
                            + option.displayName()
                            + "' ("
                            + option.label()
                            + ")");
        }
        String next = args.get(i + 1);
        int equals = next.indexOf('=');
        if (spec.find(equals < 0 ? next : next.substring(0, equals)) != null) {
            throw new UsageException(
                    "Expected parameter for option '"
                            + option.displayName()
                            + "' but found '"
                            + next
                            + "'");
        }
        return next;
    }

    private static int set(Option option, String value, Arguments parsed, int last) {
        option.check(value);
        parsed.put(option, value);
        return last;
    }

    private static UsageException unknown(String arg, int index) {
        return arg.startsWith("-")
                ? new UsageException("Unknown option: '" + arg + "'")
                : new UsageException("Unmatched argument at index " + index + ": '" + arg + "'");
    }
}
