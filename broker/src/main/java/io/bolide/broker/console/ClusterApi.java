package io.bolide.broker.console;

import io.bolide.broker.admin.AdminPlane;
import io.bolide.broker.config.BrokerConfig;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * {@code GET /api/cluster}: every broker group the name servers know, each member's role, version,
 * disk and TPS ({@link ClusterView}), and this broker's own details (name, id, role, address,
 * version, disk, commit-log range, traffic); {@code GET /api/tps}: the traffic alone, for the live
 * charts.
 */
final class ClusterApi {
    /** Asks the name servers and brokers off the console's one thread; idle threads end. */
    static final Executor ASKING =
            Executors.newCachedThreadPool(new DefaultThreadFactory("bolide-console-cluster", true));

    private final ConsoleState state;
    private final ClusterView view;

    ClusterApi(ConsoleState state) {
        this.state = state;
        this.view =
                new ClusterView(
                        state.client(), state.inner(), nameServers(state.config().namesrvAddr()));
    }

    /** The name servers' view, which changes applied everywhere ask for the other brokers. */
    ClusterView view() {
        return view;
    }

    void install(Routes routes) {
        routes.add(
                HttpMethod.GET,
                "/api/cluster",
                request ->
                        CompletableFuture.supplyAsync(view::read, ASKING)
                                .thenApply(this::withThisBroker));
        routes.sync(HttpMethod.GET, "/api/tps", request -> tps());
    }

    /** What the name servers say, with this broker's own details beside it. */
    private Object withThisBroker(Map<String, Object> fromNameServer) {
        BrokerConfig config = state.config();
        Map<String, Object> broker = new LinkedHashMap<>();
        broker.put("brokerName", config.brokerName());
        broker.put("brokerId", config.brokerId());
        broker.put("role", config.brokerRole().toString());
        broker.put("address", state.address());
        broker.put("version", AdminPlane.version());
        broker.put("bootTimestamp", state.traffic().bootMillis());
        broker.put("topicCount", state.topics().all().size());
        broker.put("disk", disk(state));
        broker.put("commitLogMinOffset", state.store().minPhysicalOffset());
        broker.put("commitLogMaxOffset", state.store().maxPhysicalOffset());
        broker.put("tps", tps());
        Map<String, Object> cluster = new LinkedHashMap<>();
        cluster.put("clusterName", config.brokerClusterName());
        cluster.put("nameServers", nameServers(config.namesrvAddr()));
        cluster.put("brokers", List.of(broker));
        cluster.putAll(fromNameServer);
        return cluster;
    }

    private static List<String> nameServers(String namesrv) {
        List<String> addresses = new ArrayList<>();
        if (namesrv != null) {
            for (String part : namesrv.split(";")) {
                if (!part.isBlank()) {
                    addresses.add(part.trim());
                }
            }
        }
        return addresses;
    }

    /** The store's file system: total, usable and the used share. */
    static Map<String, Object> disk(ConsoleState state) {
        File root = state.config().storePathRootDir().toFile();
        long total = root.getTotalSpace();
        long usable = root.getUsableSpace();
        Map<String, Object> disk = new LinkedHashMap<>();
        disk.put("path", root.getAbsolutePath());
        disk.put("totalBytes", total);
        disk.put("usableBytes", usable);
        disk.put("usedRatio", total == 0 ? 0.0 : (total - usable) / (double) total);
        return disk;
    }

    Map<String, Object> tps() {
        Map<String, Object> tps = new LinkedHashMap<>();
        tps.put("timestamp", System.currentTimeMillis());
        // The one-second figures move with the charts; the minute's smooth them for the overview.
        tps.put("putTps", state.traffic().putTps(1));
        tps.put("getTps", state.traffic().getTps(1));
        tps.put("putTps60", state.traffic().putTps(60));
        tps.put("getTps60", state.traffic().getTps(60));
        return tps;
    }
}
