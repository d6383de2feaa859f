package io.bolide.dist;

import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import java.util.List;

/** {@code bolide namesrv}: a name server only. */
final class NamesrvCommand extends RoleCommand {
    static final Option PORT =
            Option.value(
                    "-p",
                    "--port",
                    Option.Kind.INT,
                    "PORT",
                    "port to listen on; overrides the config file's listenPort",
                    null);

    static final CommandSpec SPEC =
            new CommandSpec(
                    "namesrv",
                    "Run a name server only (port 9876; a -c file may set listenPort, bindAddress,"
                            + " kvConfigPath, ...).",
                    List.of(CONFIG, DATA, PORT),
                    (arguments, out) -> new NamesrvCommand(arguments));

    final Integer port;

    NamesrvCommand(Arguments arguments) {
        super(arguments);
        this.port = arguments.integer(PORT);
    }

    @Override
    String startRoles(Roles roles) throws Exception {
        NameServerConfig config = NamesrvSettings.resolve(configFile, port, RoleCommand::note);
        roles.nameServer(NameServer.start(config));
        return "name server " + config.bindAddress() + ":" + roles.nameServer().port();
    }
}
