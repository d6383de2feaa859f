package io.bolide.dist;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bolide check-config FILE}: reads a configuration file exactly as a start would, without
 * starting anything. Prints why each accepted key has no effect; a refused or unknown key or a bad
 * value ends it with status 2, as a start would.
 */
final class CheckConfigCommand implements Callable<Integer> {
    static final Option NAMESRV =
            Option.flag(null, "--namesrv", "check FILE as a namesrv.conf (default: a broker.conf)");

    static final Option FILE = Option.positional("FILE", "the configuration file to check");

    static final CommandSpec SPEC =
            new CommandSpec(
                    "check-config",
                    "Check a broker.conf (or namesrv.conf) file without starting anything.",
                    List.of(NAMESRV, FILE),
                    CheckConfigCommand::new);

    private final boolean namesrv;
    private final Path file;
    private final PrintWriter out;

    CheckConfigCommand(Arguments arguments, PrintWriter out) {
        this.namesrv = arguments.has(NAMESRV);
        this.file = arguments.path(FILE);
        this.out = out;
    }

    @Override
    public Integer call() {
        List<String> notes = new ArrayList<>();
        if (namesrv) {
            NamesrvSettings.resolve(file, null, notes::add);
        } else {
            BrokerSettings.resolve(file, Map.of(), notes::add);
        }
        for (String note : notes) {
            out.println(note);
        }
        out.println(
                file
                        + ": good as a "
                        + (namesrv ? "namesrv.conf" : "broker.conf")
                        + "; "
                        + notes.size()
                        + " key(s) accepted without effect");
        out.flush();
        return 0;
    }
}
