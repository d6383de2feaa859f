package io.bolide.dist;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServer;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/** {@code bolide start}: a name server and a broker registered with it, in one process. */
final class StartCommand extends RoleCommand {
    static final Option NAMESRV_PORT =
            Option.value(
                    null,
                    "--namesrv-port",
                    Option.Kind.INT,
                    "PORT",
                    "name server port; default 9876",
                    "9876");

    static final Option BROKER_PORT =
            Option.value(
                    null,
                    "--broker-port",
                    Option.Kind.INT,
                    "PORT",
                    "broker port (listenPort); default 10911 or the config file's",
                    null);

    static final Option GRPC_PORT =
            Option.value(
                    null,
                    "--grpc-port",
                    Option.Kind.INT,
                    "PORT",
                    "gRPC endpoint port for the RocketMQ 5 SDKs (grpcServerPort); default 8081 or"
                            + " the config file's, -1 off",
                    null);

    static final Option CONSOLE_PORT =
            Option.value(
                    null,
                    "--console-port",
                    Option.Kind.INT,
                    "PORT",
                    "web console port (consolePort, on consoleAddress: loopback by default);"
                            + " default 8080 or the config file's, -1 off",
                    null);

    /** The console port {@code bolide start} serves unless told otherwise. */
    static final String DEFAULT_CONSOLE_PORT = "8080";

    /** The gRPC port {@code bolide start} serves unless told otherwise: the reference proxy's. */
    static final String DEFAULT_GRPC_PORT = "8081";

    static final CommandSpec SPEC =
            new CommandSpec(
                    "start",
                    "Run a name server and a broker in one process (ports 9876, 10911 and gRPC"
                            + " 8081).",
                    List.of(CONFIG, DATA, NAMESRV_PORT, BROKER_PORT, GRPC_PORT, CONSOLE_PORT),
                    (arguments, out) -> new StartCommand(arguments));

    private static final long REGISTRATION_TIMEOUT_MILLIS = 10_000;

    final int namesrvPort;
    final Integer brokerPort;
    final Integer grpcPort;
    final Integer consolePort;

    StartCommand(Arguments arguments) {
        super(arguments);
        this.namesrvPort = arguments.integer(NAMESRV_PORT);
        this.brokerPort = arguments.integer(BROKER_PORT);
        this.grpcPort = arguments.integer(GRPC_PORT);
        this.consolePort = arguments.integer(CONSOLE_PORT);
    }

    @Override
    String startRoles(Roles roles) throws Exception {
        roles.nameServer(NameServer.start(NamesrvSettings.resolve(null, namesrvPort)));
        Map<String, String> overrides = brokerOverrides();
        // The bound port, not the option's: with port 0 the system picks one (tests rely on it).
        overrides.put("namesrvAddr", "127.0.0.1:" + roles.nameServer().port());
        if (brokerPort != null) {
            overrides.put("listenPort", Integer.toString(brokerPort));
        }
        defaultOn(overrides, "grpcServerPort", grpcPort, DEFAULT_GRPC_PORT);
        defaultOn(overrides, "consolePort", consolePort, DEFAULT_CONSOLE_PORT);
        BrokerConfig brokerConfig =
                BrokerSettings.resolve(configFile, overrides, RoleCommand::note);
        Broker broker = Broker.start(brokerConfig);
        roles.broker(broker);
        if (!roles.nameServer().awaitListed(broker.address(), REGISTRATION_TIMEOUT_MILLIS)) {
            LoggerFactory.getLogger(StartCommand.class)
                    .warn("broker {} not yet listed by the name server", broker.address());
        }
        return "name server "
                + host(broker.address())
                + ":"
                + roles.nameServer().port()
                + ", broker "
                + broker.address()
                + " (cluster "
                + brokerConfig.brokerClusterName()
                + ", "
                + brokerConfig.brokerName()
                + ")"
                + (broker.grpcPort() > 0
                        ? ", gRPC " + host(broker.address()) + ":" + broker.grpcPort()
                        : "")
                + (broker.consolePort() > 0
                        ? ", console http://127.0.0.1:" + broker.consolePort() + "/"
                        : "")
                + ", data "
                + brokerConfig.storePathRootDir().toAbsolutePath();
    }

    /**
     * The one-process start answers both protocols and serves the console: each port is on unless
     * the option or the config file says otherwise (the broker keys' own defaults stay -1, so
     * brokers started one per group on a host do not all claim 8081 and 8080). With a broker port
     * of 0 they bind any free port too.
     */
    private void defaultOn(
            Map<String, String> overrides, String key, Integer option, String defaultPort) {
        if (option != null) {
            overrides.put(key, Integer.toString(option));
        } else if (configFile == null || !ConfigFile.read(configFile).containsKey(key)) {
            overrides.put(key, defaultPort);
        }
    }

    private static String host(String address) {
        return address.substring(0, address.lastIndexOf(':'));
    }
}
