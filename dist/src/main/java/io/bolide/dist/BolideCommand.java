package io.bolide.dist;

import io.bolide.admin.Admin;
import io.bolide.remoting.config.NearestName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code bolide} command line: {@code start} (name server and broker in one process), {@code
 * namesrv} and {@code broker} (one role each), {@code keys} (the configuration keys), {@code
 * check-config} (a file checked without starting), {@code admin} (operator commands). Exit status 2
 * for a bad command line or configuration, 1 if the roles cannot start, 0 after a graceful shutdown
 * on SIGTERM or SIGINT.
 *
 * <p>The parser is a small table-driven one ({@link CommandSpec}, {@link Option}, {@link
 * ArgumentParser}) rather than a library: the one it replaced built its model of the commands by
 * reflection, a large part of a start on the main thread, and needed a second, hand-written parser
 * to avoid that on the common path.
 */
public final class BolideCommand {
    static final String VERSION = "bolide 0.1.0";
    static final String DESCRIPTION = "A RocketMQ-compatible name server and broker.";

    private static final List<CommandSpec> COMMANDS =
            List.of(
                    StartCommand.SPEC,
                    NamesrvCommand.SPEC,
                    BrokerCommand.SPEC,
                    ControllerCommand.SPEC,
                    KeysCommand.SPEC,
                    CheckConfigCommand.SPEC);

    /** The operator command, dispatched before the role parser: {@link Admin}. */
    static final String ADMIN = "admin";

    private BolideCommand() {}

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals(ADMIN)) {
            // The operator command has its own words and exit codes (docs/admin.md).
            System.exit(
                    Admin.run(Arrays.asList(args).subList(1, args.length), System.out, System.err));
        }
        if (args.length > 0 && roleCommandLine(args[0]) != null) {
            // Logging and JSON set-up run on other threads while the line is parsed.
            StartUpWork.begin();
        }
        System.exit(commandLine().execute(args));
    }

    /** The whole command line: a subcommand, then its options. */
    static CommandLine commandLine() {
        return new CommandLine(null);
    }

    /** The options of the role subcommand {@code name} alone (null for any other word). */
    static CommandLine roleCommandLine(String name) {
        CommandSpec spec = find(name);
        boolean role =
                spec == StartCommand.SPEC
                        || spec == NamesrvCommand.SPEC
                        || spec == BrokerCommand.SPEC
                        || spec == ControllerCommand.SPEC;
        return role ? new CommandLine(spec) : null;
    }

    /** The subcommand {@code name}, or null. */
    static CommandSpec find(String name) {
        for (CommandSpec spec : COMMANDS) {
            if (spec.name().equals(name)) {
                return spec;
            }
        }
        return null;
    }

    /** What an unknown first word gets: where it was, and the nearest subcommand if one is. */
    static String unknownSubcommand(String word) {
        if (word.startsWith("-")) {
            return "Unknown option: '" + word + "'";
        }
        List<String> names = new ArrayList<>();
        for (CommandSpec spec : COMMANDS) {
            names.add(spec.name());
        }
        String nearest = NearestName.of(word, names);
        return "Unmatched argument at index 0: '"
                + word
                + "'"
                + (nearest == null ? "" : "\nDid you mean: bolide " + nearest + "?");
    }

    /** The root help: synopsis, description, options, subcommands. */
    static String usage() {
        StringBuilder text = new StringBuilder(1024);
        text.append("Usage: bolide [-hV] [COMMAND]\n").append(DESCRIPTION).append('\n');
        CommandSpec.entry(text, "  -h, --help", Option.HELP.description(), 18);
        CommandSpec.entry(text, "  -V, --version", Option.VERSION.description(), 18);
        text.append("Commands:\n");
        int column = 2;
        for (CommandSpec spec : COMMANDS) {
            column = Math.max(column, spec.name().length() + 4);
        }
        for (CommandSpec spec : COMMANDS) {
            CommandSpec.entry(text, "  " + spec.name(), spec.description(), column);
        }
        CommandSpec.entry(
                text,
                "  " + ADMIN,
                "Operator commands: cluster, topic, group, config (--help).",
                column);
        return text.toString();
    }
}
