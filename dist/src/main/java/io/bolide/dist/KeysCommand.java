package io.bolide.dist;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bolide keys}: every key each configuration file may hold, in three classes: applied by
 * Bolide (type, default, meaning), Apache RocketMQ's keys accepted without effect (why), and the
 * settings refused (why, and what to do instead).
 */
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
            print("broker.conf (bolide broker -c, bolide start -c):", BrokerConfig.fileSchema());
            print("namesrv.conf (bolide namesrv -c):", NameServerConfig.fileSchema());
        }
        out.flush();
        return 0;
    }

    private void print(String heading, FileSchema schema) {
        out.println(heading);
        out.println(" applied:");
        for (Key<?> key : schema.table().keys()) {
            out.println(
                    "  "
                            + key
                            + (key.isLive() ? " [changeable live]" : "")
                            + (key.isBolideOnly() ? " [Bolide only]" : ""));
        }
        for (Map.Entry<String, Key<?>> alias : schema.table().aliases().entrySet()) {
            out.println("  " + alias.getKey() + ": older name of " + alias.getValue().name());
        }
        out.println(" accepted without effect (Apache RocketMQ's; a line at start says why):");
        for (Map.Entry<String, List<String>> group :
                ReferenceGroups.accepted(schema.reference()).entrySet()) {
            StringBuilder text = new StringBuilder();
            CommandSpec.appendWrapped(text, "  " + group.getKey() + ":", List.of(), 4);
            CommandSpec.appendWrapped(text, "    ", group.getValue(), 4);
            out.print(text);
        }
        out.println(" refused:");
        for (Map.Entry<String, String> refused :
                ReferenceGroups.refused(schema.reference()).entrySet()) {
            out.println("  " + refused.getKey() + ": " + refused.getValue());
        }
    }
}
