package io.bolide.dist;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.ConfigKey;
import io.bolide.namesrv.NameServerConfig;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bolide keys}: every configuration key the roles accept, with type and default. */
@Command(name = "keys", description = "List the accepted broker.conf and namesrv.conf keys.")
final class KeysCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("broker.conf (bolide broker -c, bolide start -c):");
        for (ConfigKey key : BrokerConfig.keys()) {
            out.println("  " + key);
        }
        out.println("namesrv.conf (bolide namesrv -c):");
        out.println(
                "  "
                        + NamesrvSettings.LISTEN_PORT
                        + " (integer, default '"
                        + NameServerConfig.DEFAULT_PORT
                        + "'): listening port");
        out.println(
                "  "
                        + NamesrvSettings.BIND_ADDRESS
                        + " (string, default '0.0.0.0'): local address");
        out.flush();
        return 0;
    }
}
