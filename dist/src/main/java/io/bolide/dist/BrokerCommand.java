package io.bolide.dist;

import io.bolide.broker.Broker;
import io.bolide.broker.BrokerConfig;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bolide broker}: a broker only, registering with the configured name servers. */
@Command(
        name = "broker",
        mixinStandardHelpOptions = true,
        description = "Run a broker only (port 10911), configured by a broker.conf file.")
final class BrokerCommand extends RoleCommand {
    @Option(
            names = {"-n", "--namesrv"},
            paramLabel = "ADDRS",
            description = "name servers, host:port;host:port; overrides namesrvAddr")
    String namesrvAddr;

    @Override
    String startRoles(Roles roles) throws Exception {
        Map<String, String> overrides = brokerOverrides();
        if (namesrvAddr != null) {
            overrides.put("namesrvAddr", namesrvAddr);
        }
        BrokerConfig config = BrokerSettings.resolve(configFile, overrides);
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
