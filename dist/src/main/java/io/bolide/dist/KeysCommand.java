package io.bolide.dist;

import io.bolide.broker.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bolide keys}: every configuration key the roles accept, with type and default. */
final class KeysCommand implements Callable<Integer> {
    static final Option MARKDOWN =
            Option.flag(
                    null,
                    "--markdown",
                    "print docs/configuration.md (" + ConfigurationDoc.REGENERATE + ")");

    static final CommandSpec SPEC =
            new CommandSpec(
                    "keys",
                    "List the accepted broker.conf and namesrv.conf keys.",
                    List.of(MARKDOWN),
                    KeysCommand::new);

    private final boolean markdown;
    private final PrintWriter out;

    KeysCommand(Arguments arguments, PrintWriter out) {
        this.markdown = arguments.has(MARKDOWN);
        this.out = out;
    }

    @Override
    public Integer call() {
        if (markdown) {
            out.print(ConfigurationDoc.markdown());
        } else {
            print("broker.conf (bolide broker -c, bolide start -c):", BrokerConfig.keyTable());
            print("namesrv.conf (bolide namesrv -c):", NameServerConfig.keyTable());
        }
        out.flush();
        return 0;
    }

    private void print(String heading, KeyTable table) {
        out.println(heading);
        for (Key<?> key : table.keys()) {
            out.println("  " + key + (key.isLive() ? " [changeable live]" : ""));
        }
    }
}
