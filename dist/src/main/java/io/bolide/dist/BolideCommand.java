package io.bolide.dist;

import io.bolide.protocol.body.BodyWarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bolide} command line: {@code start} (name server and broker in one process), {@code
 * namesrv} and {@code broker} (one role each). Exit status 2 for a bad command line or
 * configuration, 1 if the roles cannot start, 0 after a graceful shutdown on SIGTERM or SIGINT.
 */
@Command(
        name = "bolide",
        mixinStandardHelpOptions = true,
        version = "bolide 0.1.0",
        description = "A RocketMQ-compatible name server and broker.",
        subcommands = {
            StartCommand.class,
            NamesrvCommand.class,
            BrokerCommand.class,
            KeysCommand.class
        })
public final class BolideCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    /** Runs the command line and exits with its status. */
    private static final java.util.Set<String> STARTS_ROLES =
            java.util.Set.of("start", "namesrv", "broker");

    public static void main(String[] args) {
        if (args.length > 0 && STARTS_ROLES.contains(args[0])) {
            // Before the command line and logging are set up: they take a few hundred ms too.
            BodyWarmUp.startInBackground();
        }
        System.exit(commandLine().execute(args));
    }

    /** The parser, with configuration errors mapped to a message and exit status 2. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new BolideCommand());
        commandLine.setExecutionExceptionHandler(
                (e, line, parsed) -> {
                    if (e instanceof ConfigException) {
                        line.getErr().println("bolide: " + e.getMessage());
                        return CommandLine.ExitCode.USAGE;
                    }
                    throw e;
                });
        return commandLine;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a subcommand is required: start, namesrv, broker or keys");
    }
}
