package io.bolide.dist;

import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bolide namesrv}: a name server only. */
@Command(
        name = "namesrv",
        mixinStandardHelpOptions = true,
        description =
                "Run a name server only (port 9876; a -c file may set listenPort, bindAddress).")
final class NamesrvCommand extends RoleCommand {
    @Option(
            names = {"-p", "--port"},
            paramLabel = "PORT",
            description = "port to listen on; overrides the config file's listenPort")
    Integer port;

    @Override
    String startRoles(Roles roles) throws Exception {
        NameServerConfig config = NamesrvSettings.resolve(configFile, port);
        roles.nameServer(NameServer.start(config));
        return "name server " + config.bindAddress() + ":" + roles.nameServer().port();
    }
}
