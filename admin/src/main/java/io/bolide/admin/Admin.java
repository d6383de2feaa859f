package io.bolide.admin;

import java.io.PrintStream;
import java.util.List;

/**
 * {@code bolide admin}: what operators do every day against a name server and its brokers, Bolide
 * or Apache RocketMQ (the same remoting codes). A table by default, {@code --json} for scripts, and
 * an exit status from {@link ExitCode}.
 */
public final class Admin {
    private static final long DEFAULT_TIMEOUT_MILLIS = 5_000;

    static final String USAGE =
            """
            Usage: bolide admin COMMAND [OPTIONS]
              cluster                                  brokers of every cluster, with versions
              topic list                               every topic the name server routes
              topic route  -t TOPIC                    the topic's queues on each broker
              topic status -t TOPIC                    min and max offset of each queue
              topic create -t TOPIC [-c CLUSTER | -b BROKER] [-r N] [-w N] [-p PERM]
              topic update -t TOPIC [-c CLUSTER | -b BROKER] [-r N] [-w N] [-p PERM]
              topic delete -t TOPIC [-c CLUSTER | -b BROKER]
              group list   [-c CLUSTER | -b BROKER]    consumer groups on each master
              group create -g GROUP [-c CLUSTER | -b BROKER]
              group lag    -g GROUP [-t TOPIC] [-c CLUSTER | -b BROKER]
              group reset  -g GROUP -t TOPIC (--to-time MILLIS|ISO | --earliest) [-c | -b]
              group delete -g GROUP [-c CLUSTER | -b BROKER]   (its offsets too)
              config get   [-k KEY] [-c CLUSTER | -b BROKER]   a broker's settings as it runs
              config set   -k KEY --value VALUE [-c CLUSTER | -b BROKER]
              message get  -i MSGID [-t TOPIC]         a message by its offset id
              message find -t TOPIC -k KEY             messages by key (QUERY_MESSAGE)
            Options:
              -n, --namesrv ADDR   name server (default: $NAMESRV_ADDR)
              --json               an array of objects instead of a table
              --tls                TLS to name server and brokers
              --timeout MILLIS     per call (default 5000)
            Exit status: 0 done, 1 refused by the server, 2 bad command line, 3 no answer.
            """;

    private Admin() {}

    /** Runs one command line (the words after {@code admin}); the exit status. */
    public static int run(List<String> line, PrintStream out, PrintStream err) {
        try {
            CommandArgs args = CommandArgs.parse(line);
            if (args.has("--help") || args.word(0) == null) {
                out.print(USAGE);
                return args.word(0) == null && !args.has("--help")
                        ? ExitCode.USAGE.status()
                        : ExitCode.OK.status();
            }
            Report report = execute(args);
            if (args.has("--json")) {
                JsonPrinter.print(report, out);
            } else {
                TablePrinter.print(report, out);
            }
            report.warnings().forEach(w -> err.println("bolide admin: " + w));
            return ExitCode.OK.status();
        } catch (AdminException e) {
            err.println("bolide admin: " + e.getMessage());
            if (e.code() == ExitCode.USAGE) {
                err.println("Try 'bolide admin --help'.");
            }
            return e.code().status();
        }
    }

    private static Report execute(CommandArgs args) throws AdminException {
        String group = args.word(0);
        String verb = args.word(1);
        if (!List.of("cluster", "topic", "group", "config", "message").contains(group)) {
            throw AdminException.usage("unknown command: " + group);
        }
        if (!group.equals("cluster") && verb == null) {
            throw AdminException.usage(group + " needs a subcommand");
        }
        try (AdminClient client = connect(args)) {
            switch (group) {
                case "cluster":
                    return ClusterCommand.run(client);
                case "topic":
                    return TopicCommands.run(verb, args, client);
                case "group":
                    return GroupCommands.run(verb, args, client);
                case "config":
                    return ConfigCommands.run(verb, args, client);
                case "message":
                    return MessageCommands.run(verb, args, client);
                default:
                    throw AdminException.usage("unknown command: " + group);
            }
        }
    }

    private static AdminClient connect(CommandArgs args) throws AdminException {
        String nameServer = args.value("--namesrv");
        if (nameServer == null) {
            nameServer = System.getenv("NAMESRV_ADDR");
        }
        if (nameServer == null || nameServer.isBlank()) {
            throw AdminException.usage("no name server: give -n HOST:PORT or set NAMESRV_ADDR");
        }
        long timeout = args.intValue("--timeout", (int) DEFAULT_TIMEOUT_MILLIS);
        if (timeout <= 0) {
            throw AdminException.usage("--timeout must be positive");
        }
        return new AdminClient(nameServer.split(";")[0].trim(), args.has("--tls"), timeout);
    }
}
