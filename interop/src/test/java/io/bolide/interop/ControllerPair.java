package io.bolide.interop;

import io.bolide.controller.Controller;
import io.bolide.controller.ControllerConfig;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.header.controller.GetMetaDataResponseHeader;

/**
 * Apache RocketMQ 5.5.0's controller (a child JVM, jRaft, one node) and Bolide's (in this JVM)
 * configured alike, each leading its own single-node raft group: the two sides of a differential
 * check. Addresses differ only in their ports; {@link #normalize} makes answers comparable.
 */
final class ControllerPair implements AutoCloseable {
    static final String RAFT_GROUP = "diff-controllers";
    private static final Duration START = Duration.ofSeconds(60);

    private final ApacheBroker apache;
    private final Controller bolide;
    private final String apacheRaft;
    private final String apacheRpc;
    private final String bolideRaft;
    private final String bolideRpc;

    private ControllerPair(
            ApacheBroker apache,
            Controller bolide,
            String apacheRaft,
            String apacheRpc,
            String bolideRaft,
            String bolideRpc) {
        this.apache = apache;
        this.bolide = bolide;
        this.apacheRaft = apacheRaft;
        this.apacheRpc = apacheRpc;
        this.bolideRaft = bolideRaft;
        this.bolideRpc = bolideRpc;
    }

    /** Both controllers, each leading; {@code scanMillis} for both sides' liveness scans. */
    static ControllerPair start(Path dir, ControllerCalls calls, long scanMillis) throws Exception {
        String apacheRaft = "127.0.0.1:" + ApacheBroker.freePortPair();
        int apachePort = ApacheBroker.freePortPair();
        String apacheRpc = "127.0.0.1:" + apachePort;
        Map<String, String> apacheConf = common(apacheRaft, apacheRpc, dir.resolve("apache-store"));
        apacheConf.put("controllerType", "jRaft");
        apacheConf.put("scanNotActiveBrokerInterval", Long.toString(scanMillis));
        apacheConf.put("scanInactiveMasterInterval", Long.toString(scanMillis));
        // The replicas here are only requests: nobody listens at their addresses.
        apacheConf.put("notifyBrokerRoleChanged", "false");
        ApacheBroker apache =
                ApacheBroker.controller(dir.resolve("apache"), apachePort, apacheConf);
        String bolideRaft = "127.0.0.1:" + ApacheBroker.freePortPair();
        String bolideRpc = "127.0.0.1:" + ApacheBroker.freePortPair();
        Map<String, String> bolideConf = common(bolideRaft, bolideRpc, dir.resolve("bolide-store"));
        bolideConf.put("scanInactiveMasterInterval", Long.toString(scanMillis));
        Controller bolide;
        try {
            bolide = Controller.start(ControllerConfig.fromProperties(bolideConf));
        } catch (RuntimeException | InterruptedException e) {
            apache.close();
            throw e;
        }
        ControllerPair pair =
                new ControllerPair(apache, bolide, apacheRaft, apacheRpc, bolideRaft, bolideRpc);
        for (String controller : pair.both()) {
            Await.until(
                    START,
                    () -> leads(calls, controller),
                    "the controller at " + controller + " leads");
        }
        return pair;
    }

    private static Map<String, String> common(String raft, String rpc, Path store) {
        Map<String, String> conf = new HashMap<>();
        conf.put("jRaftGroupId", RAFT_GROUP);
        conf.put("jRaftServerId", raft);
        conf.put("jRaftInitConf", raft);
        conf.put("jRaftControllerRPCAddr", rpc);
        conf.put("jRaftElectionTimeoutMs", "500");
        conf.put("controllerStorePath", store.toString());
        conf.put("enableElectUncleanMaster", "false");
        return conf;
    }

    private static boolean leads(ControllerCalls calls, String controller) {
        try {
            GetMetaDataResponseHeader header =
                    calls.metadata(controller)
                            .decodeCommandCustomHeader(GetMetaDataResponseHeader.class);
            return Boolean.TRUE.equals(header.isLeader());
        } catch (Exception e) {
            return false;
        }
    }

    String apache() {
        return apacheRpc;
    }

    String bolide() {
        return bolideRpc;
    }

    /** Apache's first, then Bolide's. */
    List<String> both() {
        return List.of(apacheRpc, bolideRpc);
    }

    /** {@code text} with the controller's own addresses replaced by RAFT and RPC. */
    String normalize(String controller, String text) {
        if (text == null) {
            return null;
        }
        boolean isApache = controller.equals(apacheRpc);
        return text.replace(isApache ? apacheRaft : bolideRaft, "RAFT")
                .replace(isApache ? apacheRpc : bolideRpc, "RPC");
    }

    /** The fields of a 1005 answer, normalized, in a comparable map. */
    Map<String, Object> metadata(ControllerCalls calls, String controller) throws Exception {
        GetMetaDataResponseHeader h =
                calls.metadata(controller)
                        .decodeCommandCustomHeader(GetMetaDataResponseHeader.class);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("group", h.getGroup());
        fields.put("controllerLeaderId", normalize(controller, h.getControllerLeaderId()));
        fields.put(
                "controllerLeaderAddress", normalize(controller, h.getControllerLeaderAddress()));
        fields.put("isLeader", h.isLeader());
        fields.put("peers", normalize(controller, h.getPeers()));
        return fields;
    }

    String apacheOutput() {
        return apache.output();
    }

    @Override
    public void close() {
        bolide.close();
        apache.close();
    }
}
