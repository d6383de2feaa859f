package io.bolide.broker.console;

import io.bolide.broker.auth.CallNeeds;
import io.netty.handler.codec.http.HttpMethod;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /api/metrics}: what the live charts plot, read from what the Prometheus endpoint reads
 * at a scrape: produce and consume TPS (the traffic sampler), each group's lag (the broker's max
 * offsets less the committed ones, as {@code rocketmq_consumer_lag_messages}), the store's disk,
 * and request latency percentiles (from {@code rocketmq_rpc_latency}).
 */
final class MetricsApi {
    private final ConsoleState state;
    private final GroupApi groups;
    private final ClusterApi cluster;
    private final LatencyWindow latency;

    MetricsApi(ConsoleState state, GroupApi groups, ClusterApi cluster) {
        this.state = state;
        this.groups = groups;
        this.cluster = cluster;
        this.latency = new LatencyWindow(state.latency());
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/metrics", this::metrics);
    }

    private Map<String, Object> metrics(Request request) {
        Map<String, Object> answer = new LinkedHashMap<>(cluster.tps());
        Map<String, Long> lag = new LinkedHashMap<>();
        long total = 0;
        for (String group : groups.names()) {
            // A Normal user's chart shows the groups its policies let it read.
            if (request.caller().allowed(new CallNeeds().getGroup(group))) {
                long groupLag =
                        groups.queues(group).stream().mapToLong(q -> (long) q.get("lag")).sum();
                lag.put(group, groupLag);
                total += groupLag;
            }
        }
        answer.put("totalLag", total);
        answer.put("lag", lag);
        Map<String, Object> disk = ClusterApi.disk(state);
        disk.put(
                "commitLogBytes",
                state.store().maxPhysicalOffset() - state.store().minPhysicalOffset());
        answer.put("disk", disk);
        answer.put("latency", latency.read(System.currentTimeMillis()));
        return answer;
    }
}
