package io.bolide.broker.console;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.config.BrokerConfig;
import io.netty.handler.codec.http.HttpMethod;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/cluster}: this broker as its group's member (name, id, role, address, version),
 * its name servers, disk and traffic; {@code GET /api/tps}: the traffic alone, for the live charts.
 */
final class ClusterApi {
    private final ConsoleState state;

    ClusterApi(ConsoleState state) {
        this.state = state;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/cluster", request -> cluster());
        routes.sync(HttpMethod.GET, "/api/tps", request -> tps());
    }

    private Map<String, Object> cluster() {
        BrokerConfig config = state.config();
        Map<String, Object> broker = new LinkedHashMap<>();
        broker.put("brokerName", config.brokerName());
        broker.put("brokerId", config.brokerId());
        broker.put("role", config.brokerRole().toString());
        broker.put("address", state.address());
        broker.put("version", AdminPlane.version());
        broker.put("bootTimestamp", state.traffic().bootMillis());
        broker.put("topicCount", state.topics().all().size());
        broker.put("disk", disk());
        broker.put("commitLogMinOffset", state.store().minPhysicalOffset());
        broker.put("commitLogMaxOffset", state.store().maxPhysicalOffset());
        broker.put("tps", tps());
        Map<String, Object> cluster = new LinkedHashMap<>();
        cluster.put("clusterName", config.brokerClusterName());
        String namesrv = config.namesrvAddr();
        cluster.put(
                "nameServers",
                namesrv == null || namesrv.isBlank() ? List.of() : List.of(namesrv.split(";")));
        cluster.put("brokers", List.of(broker));
        return cluster;
    }

    private Map<String, Object> disk() {
        File root = config().storePathRootDir().toFile();
        long total = root.getTotalSpace();
        long usable = root.getUsableSpace();
        Map<String, Object> disk = new LinkedHashMap<>();
        disk.put("path", root.getAbsolutePath());
        disk.put("totalBytes", total);
        disk.put("usableBytes", usable);
        disk.put("usedRatio", total == 0 ? 0.0 : (total - usable) / (double) total);
        return disk;
    }

    private Map<String, Object> tps() {
        Map<String, Object> tps = new LinkedHashMap<>();
        tps.put("timestamp", System.currentTimeMillis());
        // The one-second figures move with the charts; the minute's smooth them for the overview.
        tps.put("putTps", state.traffic().putTps(1));
        tps.put("getTps", state.traffic().getTps(1));
        tps.put("putTps60", state.traffic().putTps(60));
        tps.put("getTps60", state.traffic().getTps(60));
        return tps;
    }

    private BrokerConfig config() {
        return state.config();
    }
}
