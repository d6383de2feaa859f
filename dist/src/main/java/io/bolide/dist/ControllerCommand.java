package io.bolide.dist;

import io.bolide.controller.Controller;
import io.bolide.controller.ControllerConfig;
import java.util.List;
import java.util.Map;

/** {@code bolide controller}: a controller only, as the reference's controller process. */
final class ControllerCommand extends RoleCommand {
    static final CommandSpec SPEC =
            new CommandSpec(
                    "controller",
                    "Run a controller only (-c controller.conf with jRaftServerId, jRaftInitConf,"
                            + " jRaftControllerRPCAddr, controllerStorePath, ...; docs/controller.md).",
                    List.of(CONFIG, DATA),
                    (arguments, out) -> new ControllerCommand(arguments));

    ControllerCommand(Arguments arguments) {
        super(arguments);
    }

    @Override
    String startRoles(Roles roles) throws Exception {
        Map<String, String> pairs = configFile == null ? Map.of() : ConfigFile.read(configFile);
        ControllerConfig config;
        try {
            config = ControllerConfig.fromProperties(pairs);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    (configFile == null ? "" : configFile + ": ") + e.getMessage());
        }
        Controller controller = Controller.start(config);
        roles.controller(controller);
        return "controller on port " + controller.port();
    }
}
