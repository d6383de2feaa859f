package io.bolide.bench.e2e;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;

/**
 * Topics at scale (issue #20): creates N topics one after another through UPDATE_AND_CREATE_TOPIC
 * (17) with the official 5.x client's admin call, as {@code mqadmin updateTopic} does, then asks
 * the name server for the last topic's route until it is there, and for the topic list until it
 * holds all N. Records creation rate, the delay from the last answered creation to routable, CPU of
 * the server processes over the creation and over a settle window after it (which spans one
 * periodic registration), resident memory before and after (RssAnon / RssFile), and the bytes the
 * broker sent to the name server (TCP counters from {@code ss}). See bench/run-topics.sh.
 *
 * <pre>
 *   TopicLoad --namesrv H:P --broker H:P --count N --queues 8 --settle S --clk-tck T
 *             --broker-pid P --namesrv-pid P --namesrv-port P --out file.properties
 * </pre>
 */
public final class TopicLoad {
    private static final long TIMEOUT_MS = 10_000;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Map<String, String> args;
    private final Results results = new Results();
    private final int clockTicks;
    private final List<Integer> pids = new ArrayList<>();
    private int routeQueries;

    private TopicLoad(Map<String, String> args) {
        this.args = args;
        this.clockTicks = Integer.parseInt(args.getOrDefault("clk-tck", "100"));
        pids.add(brokerPid());
        if (namesrvPid() != brokerPid()) {
            pids.add(namesrvPid());
        }
    }

    /** Runs the scenario; results go to stdout and {@code --out}. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        for (int i = 0; i + 1 < argv.length; i += 2) {
            args.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        TopicLoad load = new TopicLoad(args);
        DefaultMQProducer client = new DefaultMQProducer("topic_load");
        client.setNamesrvAddr(args.get("namesrv"));
        client.setInstanceName("topic-load-" + ProcessHandle.current().pid());
        client.setVipChannelEnabled(false);
        client.start();
        try {
            load.run(api(client));
        } finally {
            client.shutdown();
        }
        load.results.save(args.get("out"));
        System.exit(0);
    }

    /** The client's own request API: the admin's createTopic and route calls, no admin jar. */
    @SuppressWarnings("deprecation")
    private static MQClientAPIImpl api(DefaultMQProducer client) {
        return client.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
    }

    private int brokerPid() {
        return Integer.parseInt(args.get("broker-pid"));
    }

    private int namesrvPid() {
        return Integer.parseInt(args.getOrDefault("namesrv-pid", args.get("broker-pid")));
    }

    private void run(MQClientAPIImpl api) throws Exception {
        int count = Integer.parseInt(args.get("count"));
        int queues = Integer.parseInt(args.getOrDefault("queues", "8"));
        awaitRoute(api, args.getOrDefault("cluster", "DefaultCluster"), 120_000);
        results.put("topics", count);
        memory("before");
        long cpuStart = cpu(brokerPid());
        long nsCpuStart = cpu(namesrvPid());
        long bytesStart = registrationBytes();
        long started = System.nanoTime();
        String last = create(api, count, queues);
        long answered = System.nanoTime();
        long createMicros = TimeUnit.NANOSECONDS.toMicros(answered - started);
        results.put("create_ms", createMicros / 1000);
        results.put("create_per_s", count * 1_000_000L / Math.max(1, createMicros));
        results.put("cpu_create_broker_ms", (cpu(brokerPid()) - cpuStart) / 1000);
        long routable = awaitRoute(api, last, 300_000);
        results.put("last_route_queries", routeQueries);
        results.put("last_routable_after_ms", TimeUnit.NANOSECONDS.toMillis(routable - answered));
        results.put("last_routable_after_us", TimeUnit.NANOSECONDS.toMicros(routable - answered));
        long listed = awaitListed(api, count);
        results.put("all_listed_after_ms", TimeUnit.NANOSECONDS.toMillis(listed - answered));
        long bytesCreated = registrationBytes();
        results.put("reg_bytes_during_creation", bytesCreated - bytesStart);
        settle(cpuStart, nsCpuStart, bytesCreated);
        memory("after");
    }

    private String create(MQClientAPIImpl api, int count, int queues) throws Exception {
        String broker = args.get("broker");
        String prefix = args.getOrDefault("prefix", "ScaleTopic-");
        String name = null;
        for (int i = 0; i < count; i++) {
            name = prefix + i;
            api.createTopic(broker, "TBW102", new TopicConfig(name, queues, queues, 6), TIMEOUT_MS);
        }
        return name;
    }

    /** Waits the settle window, then records CPU totals and the registration bytes in it. */
    private void settle(long cpuStart, long nsCpuStart, long bytesCreated) throws IOException {
        long settleMs = Long.parseLong(args.getOrDefault("settle", "30")) * 1000;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settleMs);
        while (System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        results.put("settle_s", settleMs / 1000);
        results.put("reg_bytes_settle_window", registrationBytes() - bytesCreated);
        long broker = cpu(brokerPid()) - cpuStart;
        results.put("cpu_total_broker_ms", broker / 1000);
        if (namesrvPid() != brokerPid()) {
            long namesrv = cpu(namesrvPid()) - nsCpuStart;
            results.put("cpu_total_namesrv_ms", namesrv / 1000);
            results.put("cpu_total_ms", (broker + namesrv) / 1000);
        } else {
            results.put("cpu_total_ms", broker / 1000);
        }
    }

    private long cpu(int pid) throws IOException {
        return ProcessSample.cpuMicros(List.of(pid), clockTicks);
    }

    /**
     * Returns when the name server first answered a route for {@code topic}; {@link #routeQueries}
     * counts the questions (1: routable at the first question after the creation was answered).
     */
    private long awaitRoute(MQClientAPIImpl api, String topic, long timeoutMs) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        routeQueries = 0;
        while (true) {
            try {
                routeQueries++;
                api.getTopicRouteInfoFromNameServer(topic, TIMEOUT_MS, false);
                return System.nanoTime();
            } catch (MQClientException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no route for " + topic, e);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        }
    }

    private long awaitListed(MQClientAPIImpl api, int count) throws Exception {
        String prefix = args.getOrDefault("prefix", "ScaleTopic-");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (true) {
            long listed =
                    api.getTopicListFromNameServer(TIMEOUT_MS).getTopicList().stream()
                            .filter(t -> t.startsWith(prefix))
                            .count();
            if (listed >= count || System.nanoTime() > deadline) {
                return System.nanoTime();
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private void memory(String when) throws IOException {
        long rss = 0;
        long anon = 0;
        long file = 0;
        for (int pid : pids) {
            rss += ProcessSample.statusKb(pid, "VmRSS");
            anon += ProcessSample.statusKb(pid, "RssAnon");
            file += ProcessSample.statusKb(pid, "RssFile");
        }
        results.put("rss_kb_" + when, rss);
        results.put("rss_anon_kb_" + when, anon);
        results.put("rss_file_kb_" + when, file);
        if (namesrvPid() != brokerPid()) {
            results.put(
                    "rss_anon_kb_namesrv_" + when, ProcessSample.statusKb(namesrvPid(), "RssAnon"));
        }
    }

    /** Bytes the broker process has sent on its connections to the name server port. */
    private long registrationBytes() throws IOException {
        String port = args.get("namesrv-port");
        Process ss =
                new ProcessBuilder("ss", "-tinpH", "state", "established", "dport", "=", ":" + port)
                        .redirectErrorStream(true)
                        .start();
        String out = new String(ss.getInputStream().readAllBytes());
        return SocketCounters.bytesSent(out, brokerPid());
    }
}
