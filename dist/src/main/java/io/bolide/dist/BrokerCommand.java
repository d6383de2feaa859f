package io.bolide.dist;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import java.util.List;
import java.util.Map;

/** {@code bolide broker}: a broker only, registering with the configured name servers. */
final class BrokerCommand extends RoleCommand {
    static final Option NAMESRV =
            Option.value(
                    "-n",
                    "--namesrv",
                    Option.Kind.TEXT,
                    "ADDRS",
                    "name servers, host:port;host:port; overrides namesrvAddr",
                    null);

    static final CommandSpec SPEC =
            new CommandSpec(
                    "broker",
                    "Run a broker only (port 10911), configured by a broker.conf file.",
                    List.of(CONFIG, DATA, NAMESRV),
                    (arguments, out) -> new BrokerCommand(arguments));

    final String namesrvAddr;

    BrokerCommand(Arguments arguments) {
        super(arguments);
        this.namesrvAddr = arguments.text(NAMESRV);
    }

    @Override
    String startRoles(Roles roles) throws Exception {
        Map<String, String> overrides = brokerOverrides();
        if (namesrvAddr != null) {
            overrides.put("namesrvAddr", namesrvAddr);
        }
        BrokerConfig config = BrokerSettings.resolve(configFile, overrides, RoleCommand::note);
        Broker broker = Broker.start(config);
        roles.broker(broker);
        return "broker "
                + broker.address()
                + " (cluster "
                + config.brokerClusterName()
                + ", "
                + config.brokerName()
                + "), name servers '"
                + config.namesrvAddr()
                + "', data "
                + config.storePathRootDir().toAbsolutePath();
    }
}
