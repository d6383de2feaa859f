package io.bolide.dist;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;

/**
 * Runs one {@code bolide} command line: expands @files, picks the subcommand (unless made for one),
 * parses its options and runs it. Exit statuses: 0 done (or help and version shown), 1 the command
 * failed, 2 a bad command line or configuration, its message on the error stream.
 */
final class CommandLine {
    static final int OK = 0;
    static final int SOFTWARE = 1;
    static final int USAGE = 2;

    private final CommandSpec fixed;
    private PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, charset()), true);
    private PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, charset()), true);

    /**
     * A command line for {@code spec}'s options alone, or for the root (subcommand first) if null.
     */
    CommandLine(CommandSpec spec) {
        this.fixed = spec;
    }

    CommandLine setOut(PrintWriter value) {
        out = value;
        return this;
    }

    CommandLine setErr(PrintWriter value) {
        err = value;
        return this;
    }

    /** Runs {@code words} and returns the exit status. */
    int execute(String... words) {
        try {
            List<String> args = AtFiles.expand(List.of(words));
            return fixed != null ? run(fixed, args) : runRoot(args);
        } catch (UsageException e) {
            return usageError(e.getMessage(), BolideCommand.usage());
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int runRoot(List<String> args) {
        if (args.isEmpty()) {
            return usageError(
                    "a subcommand is required: start, namesrv, broker, keys or check-config",
                    BolideCommand.usage());
        }
        String first = args.get(0);
        if (Option.HELP.named(first)) {
            out.print(BolideCommand.usage());
            return OK;
        }
        if (Option.VERSION.named(first)) {
            out.println(BolideCommand.VERSION);
            return OK;
        }
        CommandSpec spec = BolideCommand.find(first);
        if (spec == null) {
            return usageError(BolideCommand.unknownSubcommand(first), BolideCommand.usage());
        }
        return run(spec, args.subList(1, args.size()));
    }

    private int run(CommandSpec spec, List<String> args) {
        Arguments parsed;
        try {
            parsed = new ArgumentParser(spec).parse(args);
        } catch (UsageException e) {
            return usageError(e.getMessage(), spec.usage());
        }
        if (parsed.has(Option.HELP)) {
            out.print(spec.usage());
            return OK;
        }
        if (parsed.has(Option.VERSION)) {
            out.println(BolideCommand.VERSION);
            return OK;
        }
        try {
            return spec.create(parsed, out).call();
        } catch (ConfigException e) {
            err.println("bolide: " + e.getMessage());
            return USAGE;
        } catch (Exception e) {
            e.printStackTrace(err);
            return SOFTWARE;
        }
    }

    private int usageError(String message, String usage) {
        err.println(message);
        err.print(usage);
        return USAGE;
    }

    private static Charset charset() {
        return Charset.defaultCharset();
    }
}
