package io.bolide.systest;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One broker group in controller mode, in this JVM: a name server with the controller embedded
 * (enableControllerInNamesrv, one raft node) and brokers started with enableControllerMode=true,
 * each on its own store and fixed ports so a stopped one starts again where it was. Short periods
 * throughout, so an election takes a few seconds.
 */
final class ControllerGroup implements AutoCloseable {
    static final String CLUSTER = "CtlCluster";
    static final String BROKER_NAME = "broker-c";

    private final Path root;
    private final NameServer nameServer;
    private final String controllerAddr;
    private final Map<String, Integer> ports = new HashMap<>();
    private final List<Broker> running = new ArrayList<>();

    ControllerGroup() throws Exception {
        root = Files.createTempDirectory("bolide-controller-group-");
        String raft = Cluster.HOST + ":" + freePort();
        controllerAddr = Cluster.HOST + ":" + freePort();
        Map<String, String> ns = new HashMap<>();
        ns.put("listenPort", "0");
        ns.put("bindAddress", Cluster.HOST);
        ns.put("enableControllerInNamesrv", "true");
        ns.put("jRaftServerId", raft);
        ns.put("jRaftInitConf", raft);
        ns.put("jRaftControllerRPCAddr", controllerAddr);
        ns.put("jRaftElectionTimeoutMs", "300");
        ns.put("scanInactiveMasterInterval", "300");
        // The brokers' heartbeat timeout: also the grace a new leader gives before judging a
        // master dead (10 s by default would delay a fail-over early in a test).
        ns.put("controllerHeartBeatTimeoutMills", "1500");
        ns.put("controllerStorePath", root.resolve("controller").toString());
        nameServer = NameServer.start(NameServerConfig.read(ns, note -> {}));
        Clients.await("the controller leads", nameServer.controller()::isLeader);
    }

    String namesrvAddr() {
        return Cluster.address(nameServer);
    }

    String controllerAddr() {
        return controllerAddr;
    }

    /** Starts (or starts again) broker {@code name} of the group in controller mode. */
    Broker start(String name) throws Exception {
        return start(name, Map.of());
    }

    /** As {@link #start(String)}, with {@code extra} keys set over the group's. */
    Broker start(String name, Map<String, String> extra) throws Exception {
        int port = ports.computeIfAbsent(name, n -> freePortUnchecked());
        Map<String, String> config = new HashMap<>();
        config.put("brokerClusterName", CLUSTER);
        config.put("brokerName", BROKER_NAME);
        config.put("brokerIP1", Cluster.HOST);
        config.put("bindAddress", Cluster.HOST);
        config.put("listenPort", Integer.toString(port));
        config.put("haListenPort", Integer.toString(port + 1));
        config.put("namesrvAddr", namesrvAddr());
        config.put("storePathRootDir", root.resolve(name).toString());
        config.put("flushDiskType", "ASYNC_FLUSH");
        config.put("autoCreateTopicEnable", "true");
        config.put("enableControllerMode", "true");
        config.put("controllerAddr", controllerAddr);
        config.put("allAckInSyncStateSet", "true");
        config.put("brokerRole", "SYNC_MASTER");
        config.put("syncFlushTimeout", "500");
        config.put("brokerHeartbeatInterval", "200");
        config.put("controllerHeartBeatTimeoutMills", "1500");
        config.put("syncBrokerMetadataPeriod", "200");
        config.put("checkSyncStateSetPeriod", "200");
        config.put("syncControllerMetadataPeriod", "1000");
        config.put("haMaxTimeSlaveNotCatchup", "8000");
        config.put("haSendHeartbeatInterval", "200");
        config.put("haHousekeepingInterval", "3000");
        config.putAll(extra);
        Broker broker = Broker.start(BrokerConfig.fromProperties(config));
        running.add(broker);
        return broker;
    }

    void stop(Broker broker) {
        broker.close();
        running.remove(broker);
    }

    private static int freePort() throws IOException {
        // Two free ports in a row: the broker's and its HA port (port + 1).
        for (int i = 0; i < 50; i++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            try {
                new ServerSocket(port + 1).close();
                return port;
            } catch (IOException taken) {
                // try another pair
            }
        }
        throw new IOException("no two free ports in a row");
    }

    private static int freePortUnchecked() {
        try {
            return freePort();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        new ArrayList<>(running).forEach(this::stop);
        nameServer.close();
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
