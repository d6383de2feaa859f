package io.bolide.broker.config;

import io.bolide.remoting.config.Key;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why a broker key that is not {@link Key#isLive() live} needs a restart: what reads it once, at
 * start. UPDATE_BROKER_CONFIG refuses such a key with this reason. Keys are matched by exact name,
 * then by the longest listed name prefix; others get the general reason.
 */
public final class RestartReasons {
    private static final String GENERAL =
            "it is read once at start by the part it configures, which keeps its own copy";

    private static final Map<String, String> BY_NAME = new LinkedHashMap<>();

    static {
        String identity =
                "it is the broker's identity, named in every registration, the store's data and"
                        + " replication; a new identity is a new broker";
        for (String name :
                new String[] {"brokerClusterName", "brokerName", "brokerId", "brokerRole"}) {
            BY_NAME.put(name, identity);
        }
        String bound = "its socket is bound at start";
        for (String name :
                new String[] {
                    "listenPort",
                    "bindAddress",
                    "grpcServerPort",
                    "haListenPort",
                    "console",
                    "metricsPromExporter",
                    "tls.",
                    "maxConnections"
                }) {
            BY_NAME.put(name, bound);
        }
        String layout = "the store opens and lays out its files with it at start";
        for (String name :
                new String[] {
                    "storePath", "mappedFileSizeCommitLog", "warmMapedFileEnable", "flushDiskType"
                }) {
            BY_NAME.put(name, layout);
        }
        BY_NAME.put("tls.client.", "the name-server client's TLS context is built at start");
        BY_NAME.put("useTLS", "the name-server client's TLS context is built at start");
        BY_NAME.put(
                "brokerConfigPath",
                "it names the file live changes are written to (the reference refuses it too)");
        BY_NAME.put(
                "namesrvAddr",
                "the registrar connects to the name servers it names at start (as the reference,"
                        + " which accepts the key but keeps registering with the old list)");
        BY_NAME.put(
                "messageDelayLevel",
                "the delay levels are the queues of SCHEDULE_TOPIC_XXXX, laid out at start");
        BY_NAME.put("authentication", "the ACL gate is built at start from config/auth.json");
        BY_NAME.put("authorization", "the ACL gate is built at start from config/auth.json");
        String replication =
                "replication's links and the sends waiting for slaves take it when replication"
                        + " starts";
        for (String name :
                new String[] {
                    "ha", "syncFlushTimeout", "allAckInSyncStateSet", "minInSyncReplicas"
                }) {
            BY_NAME.put(name, replication);
        }
        String controlled = "controller mode's agent takes it when it starts";
        for (String name :
                new String[] {
                    "fetchControllerAddrByDnsLookup",
                    "syncBrokerMetadataPeriod",
                    "checkSyncStateSetPeriod",
                    "syncControllerMetadataPeriod",
                    "controllerHeartBeatTimeoutMills",
                    "brokerHeartbeatInterval",
                    "brokerElectionPriority",
                    "storePathBrokerIdentity"
                }) {
            BY_NAME.put(name, controlled);
        }
        String advertised =
                "it is the address named in every registration and in the id of every message"
                        + " stored";
        BY_NAME.put("brokerIP1", advertised);
        BY_NAME.put("advertisedAddresses", advertised);
        String pipeline = "the client port's connection pipeline is built with it at start";
        for (String name :
                new String[] {
                    "serverChannelMaxIdleTimeSeconds",
                    "frameTimeoutMillis",
                    "maxRequestsInFlightPerConnection",
                    "tlsHandshakeTimeoutMillis",
                    "tlsReloadIntervalMillis",
                    "metricsExporterType"
                }) {
            BY_NAME.put(name, name.startsWith("metrics") ? bound : pipeline);
        }
        String delay = "delayed delivery and the timer wheel are opened with it at start";
        for (String name : new String[] {"timerPrecisionMs", "flushDelayOffsetInterval"}) {
            BY_NAME.put(name, delay);
        }
        String tier =
                "tiered storage's uploader and object-store client are opened with it at start";
        for (String name : new String[] {"tiered", "objectStore"}) {
            BY_NAME.put(name, tier);
        }
        BY_NAME.put("mappedMemoryLimit", "the store sets its mapping budget when it opens");
        String users = "the ACL users are created from it at start";
        BY_NAME.put("initAuthenticationUser", users);
        BY_NAME.put("innerClientAuthenticationCredentials", users);
        BY_NAME.put("serverWorkerThreads", "the server's I/O threads are started with it");
        BY_NAME.put("enableControllerMode", "it decides how the broker starts: its role and id");
        BY_NAME.put("controllerAddr", "the controller client connects at start");
    }

    private RestartReasons() {}

    /** Why {@code key} cannot change while the broker runs. */
    public static String of(Key<?> key) {
        String best = null;
        for (Map.Entry<String, String> entry : BY_NAME.entrySet()) {
            String name = entry.getKey();
            boolean matches = key.name().equals(name) || key.name().startsWith(name);
            if (matches && (best == null || name.length() > best.length())) {
                best = name;
            }
        }
        return best == null ? GENERAL : BY_NAME.get(best);
    }
}
