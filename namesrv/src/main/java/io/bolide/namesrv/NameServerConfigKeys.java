package io.bolide.namesrv;

import io.bolide.controller.ControllerConfig;
import io.bolide.remoting.ListenerKeys;
import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;
import io.bolide.remoting.config.ReferenceKeys;
import io.bolide.remoting.metrics.MetricsKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * The name server's configuration keys ({@code namesrv.conf}, RocketMQ's names where the reference
 * has the setting), each declared once with its type, default, range and meaning. {@link
 * NameServerConfig} reads its values through them.
 */
public final class NameServerConfigKeys {
    private static final KeyTable.Builder KEYS = KeyTable.builder("name server");

    public static final Key<Integer> LISTEN_PORT =
            KEYS.add(
                    Key.ofInt(
                            "listenPort",
                            NameServerConfig.DEFAULT_PORT,
                            0,
                            65_535,
                            "listening port, 0 = any free port"));

    public static final Key<String> BIND_ADDRESS =
            KEYS.add(Key.ofNonEmpty("bindAddress", "0.0.0.0", "local address to bind"));

    public static final Key<NamedAddresses> LISTENERS =
            KEYS.add(
                    Key.of(
                                    "listeners",
                                    NamedAddresses.class,
                                    "name=host:port;...",
                                    "",
                                    NamedAddresses::parse,
                                    NamedAddresses::toString,
                                    "named listeners, each bound in place of bindAddress and"
                                            + " listenPort; route and cluster answers give a"
                                            + " client of each the broker addresses advertised"
                                            + " for its name (broker advertisedAddresses); empty ="
                                            + " one port, as the reference")
                            .bolideOnly());

    public static final Key<String> KV_CONFIG_PATH =
            KEYS.add(
                    Key.ofString(
                            "kvConfigPath",
                            "",
                            "file the KV settings are kept in (the reference's kvConfig.json"
                                    + " format); empty = in memory only, unlike the reference"));

    public static final Key<String> CONFIG_STORE_PATH =
            KEYS.add(
                    Key.ofString(
                            "configStorePath",
                            "",
                            "file the keys changed live (updateNamesrvConfig) are written to and"
                                    + " read back from at start, other lines kept; empty = changes"
                                    + " last until restart (the reference writes"
                                    + " ~/namesrv/namesrv.properties)"));

    public static final Key<Long> SCAN_NOT_ACTIVE_BROKER_INTERVAL =
            KEYS.add(
                    Key.ofLong(
                                    "scanNotActiveBrokerInterval",
                                    5_000,
                                    1,
                                    3_600_000,
                                    "how often silent brokers are looked for (ms; changeable"
                                            + " live, the next scan brought forward when shorter)")
                            .live());

    public static final Key<Long> BROKER_EXPIRY_MILLIS =
            KEYS.add(
                    Key.ofLong(
                                    "brokerExpiryMillis",
                                    120_000,
                                    1,
                                    86_400_000,
                                    "a broker silent this long loses its routes, unless its registration"
                                            + " names its own timeout (ms; Bolide only, the reference"
                                            + " fixes it at 120 s; changeable live, for brokers"
                                            + " registering after the change)")
                            .bolideOnly()
                            .live());

    public static final Key<Integer> MAX_FRAME =
            KEYS.add(
                    Key.ofInt(
                                    "maxFrame",
                                    16 * 1024 * 1024,
                                    1024,
                                    1 << 30,
                                    "largest accepted frame and inflated registration (bytes; Bolide"
                                            + " only)")
                            .bolideOnly());

    /** The port's {@code tls.server.*} settings and connection limits (docs/security.md). */
    public static final ListenerKeys LISTENER = ListenerKeys.declare(KEYS);

    /** The Prometheus endpoint: metricsExporterType, metricsPromExporterHost / Port. */
    public static final MetricsKeys METRICS = MetricsKeys.declare(KEYS);

    public static final Key<Boolean> ENABLE_CONTROLLER_IN_NAMESRV =
            KEYS.add(
                    Key.ofBoolean(
                            "enableControllerInNamesrv",
                            false,
                            "run a controller (docs/controller.md) in this process, on its own"
                                    + " port, configured by the controller keys"));

    /** The controller's keys (its own table), read when enableControllerInNamesrv=true. */
    static final List<Key<?>> CONTROLLER = addAll(ControllerConfig.keyTable().keys());

    /** Every key above, in declaration order. */
    static final KeyTable TABLE = KEYS.build();

    /** namesrv.conf: the keys above and the reference's others (reference-keys.txt). */
    static final FileSchema SCHEMA =
            new FileSchema(
                    "namesrv.conf",
                    TABLE,
                    () -> ReferenceKeys.load(NameServerConfigKeys.class, "reference-keys.txt"));

    private NameServerConfigKeys() {}

    private static List<Key<?>> addAll(List<Key<?>> keys) {
        List<Key<?>> added = new ArrayList<>();
        for (Key<?> key : keys) {
            added.add(KEYS.add(key));
        }
        return added;
    }
}
