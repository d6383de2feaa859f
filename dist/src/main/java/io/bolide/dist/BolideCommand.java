package io.bolide.dist;

import java.util.Arrays;
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
    public static void main(String[] args) {
        RoleCommand role = args.length == 0 ? null : role(args[0]);
        if (role == null) {
            System.exit(commandLine().execute(args));
        }
        StartUpWork.begin();
        String[] options = Arrays.copyOfRange(args, 1, args.length);
        if (QuickArguments.apply(role, options)) {
            System.exit(run(role));
        }
        System.exit(roleCommandLine(args[0]).execute(options));
    }

    /** Runs a role whose options are set, with the exit statuses picocli's execution gives. */
    private static int run(RoleCommand role) {
        try {
            return role.call();
        } catch (ConfigException e) {
            System.err.println("bolide: " + e.getMessage());
            return CommandLine.ExitCode.USAGE;
        } catch (Exception e) {
            e.printStackTrace();
            return CommandLine.ExitCode.SOFTWARE;
        }
    }

    /**
     * The parser of the role subcommand {@code name} alone (null for any other word), named "bolide
     * NAME" in its messages. picocli builds its model of a command by reflection, and building all
     * five (the root and its four subcommands) was a fifth of a start.
     */
    static CommandLine roleCommandLine(String name) {
        RoleCommand role = role(name);
        return role == null
                ? null
                : handleErrors(new CommandLine(role)).setCommandName("bolide " + name);
    }

    /** A new role subcommand named {@code name}, or null for any other word. */
    private static RoleCommand role(String name) {
        switch (name) {
            case "start":
                return new StartCommand();
            case "namesrv":
                return new NamesrvCommand();
            case "broker":
                return new BrokerCommand();
            default:
                return null;
        }
    }

    /** The parser, with configuration errors mapped to a message and exit status 2. */
    static CommandLine commandLine() {
        return handleErrors(new CommandLine(new BolideCommand()));
    }

    private static CommandLine handleErrors(CommandLine commandLine) {
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
