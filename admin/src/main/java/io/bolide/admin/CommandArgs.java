package io.bolide.admin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The words and flags of one {@code bolide admin} line. Flags may come anywhere; each long flag has
 * at most one short alias. An unknown flag or a flag without its value is a usage error.
 */
final class CommandArgs {
    private static final Map<String, String> ALIASES =
            Map.ofEntries(
                    Map.entry("-n", "--namesrv"),
                    Map.entry("-t", "--topic"),
                    Map.entry("-c", "--cluster"),
                    Map.entry("-b", "--broker"),
                    Map.entry("-g", "--group"),
                    Map.entry("-r", "--read-queues"),
                    Map.entry("-w", "--write-queues"),
                    Map.entry("-p", "--perm"),
                    Map.entry("-k", "--key"),
                    Map.entry("-i", "--id"),
                    Map.entry("-u", "--user"),
                    Map.entry("-s", "--subject"),
                    Map.entry("-h", "--help"));
    private static final Set<String> VALUED =
            Set.of(
                    "--namesrv",
                    "--topic",
                    "--cluster",
                    "--broker",
                    "--group",
                    "--read-queues",
                    "--write-queues",
                    "--perm",
                    "--key",
                    "--id",
                    "--client",
                    "--timeout",
                    "--to-time",
                    "--value",
                    "--user",
                    "--password",
                    "--user-type",
                    "--user-status",
                    "--filter",
                    "--subject",
                    "--resource",
                    "--resources",
                    "--actions",
                    "--source-ips",
                    "--decision",
                    "--ak",
                    "--sk");
    private static final Set<String> SWITCHES = Set.of("--json", "--tls", "--earliest", "--help");

    private final List<String> words = new ArrayList<>();
    private final Map<String, String> values = new HashMap<>();

    private CommandArgs() {}

    static CommandArgs parse(List<String> line) throws AdminException {
        CommandArgs args = new CommandArgs();
        for (int i = 0; i < line.size(); i++) {
            String word = line.get(i);
            if (!word.startsWith("-") || word.equals("-")) {
                args.words.add(word);
                continue;
            }
            String name = ALIASES.getOrDefault(word, word);
            if (SWITCHES.contains(name)) {
                args.values.put(name, "true");
            } else if (VALUED.contains(name)) {
                if (i + 1 >= line.size()) {
                    throw AdminException.usage("option " + word + " needs a value");
                }
                args.values.put(name, line.get(++i));
            } else {
                throw AdminException.usage("unknown option: " + word);
            }
        }
        return args;
    }

    /** The positional word at {@code index}, or null. */
    String word(int index) {
        return index < words.size() ? words.get(index) : null;
    }

    boolean has(String flag) {
        return values.containsKey(flag);
    }

    /** The flag's value, or null. */
    String value(String flag) {
        return values.get(flag);
    }

    String required(String flag) throws AdminException {
        String value = values.get(flag);
        if (value == null || value.isEmpty()) {
            throw AdminException.usage("missing " + flag);
        }
        return value;
    }

    int intValue(String flag, int fallback) throws AdminException {
        String value = values.get(flag);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw AdminException.usage(flag + " wants a number, not '" + value + "'");
        }
    }
}
