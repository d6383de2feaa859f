package io.bolide.dist;

import io.bolide.broker.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bolide keys}: every configuration key the roles accept, with type and default. */
@Command(name = "keys", description = "List the accepted broker.conf and namesrv.conf keys.")
final class KeysCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--markdown", description = "print docs/configuration.md instead")
    boolean markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            out.print(ConfigurationDoc.markdown());
            out.flush();
            return 0;
        }
        print(out, "broker.conf (bolide broker -c, bolide start -c):", BrokerConfig.keyTable());
        print(out, "namesrv.conf (bolide namesrv -c):", NameServerConfig.keyTable());
        out.flush();
        return 0;
    }

    private static void print(PrintWriter out, String heading, KeyTable table) {
        out.println(heading);
        for (Key<?> key : table.keys()) {
            out.println("  " + key + (key.isLive() ? " [changeable live]" : ""));
        }
    }
}
