package io.bolide.admin;

import io.bolide.remoting.RequestSigner;
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
              message resend -i MSGID -g GROUP [--client ID] [-t TOPIC]   one client of the
                           group consumes the stored message now (CONSUME_MESSAGE_DIRECTLY)
              message trace -i MSGID [-t TRACE_TOPIC]  a message's trace records (the client's
                           message id; trace topic RMQ_SYS_TRACE_TOPIC unless given)
              user list    [--filter TEXT] [-c CLUSTER | -b BROKER]   ACL 2.0 users
              user get     -u USER [-c | -b]
              user create  -u USER --password P [--user-type Super|Normal]
                           [--user-status enable|disable] [-c | -b]
              user update  -u USER [--password P] [--user-type T] [--user-status S] [-c | -b]
              user delete  -u USER [-c | -b]
              acl list     [-s SUBJECT-TEXT] [--resource TEXT] [-c | -b]   ACL 2.0 policies
              acl get      -s User:NAME [-c | -b]
              acl create   -s User:NAME --resources R[,R] --actions A[,A] --decision Allow|Deny
                           [--source-ips IP[,IP]] [-c | -b]    (R e.g. Topic:orders, Group:g*)
              acl update   (as create: replaces the entries of those resources)
              acl delete   -s User:NAME [--resource R] [-c | -b]
            Options:
              -n, --namesrv ADDR   name server (default: $NAMESRV_ADDR)
              --json               an array of objects instead of a table
              --tls                TLS to name server and brokers
              --timeout MILLIS     per call (default 5000)
              --ak KEY --sk SECRET sign every request (ACL); default $BOLIDE_ACCESS_KEY and
                                   $BOLIDE_SECRET_KEY
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
        if (!List.of("cluster", "topic", "group", "config", "message", "user", "acl")
                .contains(group)) {
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
                case "user":
                    return UserCommands.run(verb, args, client);
                case "acl":
                    return AclCommands.run(verb, args, client);
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
        return new AdminClient(
                nameServer.split(";")[0].trim(), args.has("--tls"), timeout, signer(args));
    }

    /**
     * Signs requests when an access key is given (flag, else environment); both halves or none,
     * since an access key without its secret could only ever be refused.
     */
    private static RequestSigner signer(CommandArgs args) throws AdminException {
        String accessKey = orEnv(args.value("--ak"), "BOLIDE_ACCESS_KEY");
        String secretKey = orEnv(args.value("--sk"), "BOLIDE_SECRET_KEY");
        if (accessKey == null && secretKey == null) {
            return null;
        }
        if (accessKey == null || secretKey == null) {
            throw AdminException.usage("--ak and --sk go together: give both or neither");
        }
        return new RequestSigner(accessKey, secretKey);
    }

    private static String orEnv(String value, String variable) {
        String chosen = value != null ? value : System.getenv(variable);
        return chosen == null || chosen.isEmpty() ? null : chosen;
    }
}
