package io.bolide.bench.e2e;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;

/**
 * One point of a scale curve (issue #18, bench/run-curves.sh) on the official 5.4.0 client, the
 * same against either broker. Mode {@code point}: optional idle client instances and consumer
 * groups, then producer threads sending over one topic or over {@code --topics} pre-created ones
 * for a measured window: throughput, send p99, broker and name-server CPU, CPU per delivered
 * message, the stored-to-arrived (pull) latency, route-query latency and resident memory (VmRSS,
 * RssAnon, RssFile) at start, after the idle clients and at the end. Mode {@code drain}: a new
 * group reads a topic from its first offset until {@code --messages} arrived: MB/s and CPU per
 * message.
 *
 * <pre>
 *   CurvePoint --mode point|drain --namesrv H:P --topic T --topics N --prefix P --threads N
 *              --size B --rate R --warmup S --duration S --groups G --idle I --messages M
 *              --broker-pid P --namesrv-pid P --clk-tck T --out file.properties
 * </pre>
 */
public final class CurvePoint {
    private static final int MAX_MESSAGE = 8 * 1024 * 1024;

    private final Map<String, String> args;
    private final Results results = new Results();
    private final int clockTicks;

    private CurvePoint(Map<String, String> args) {
        this.args = args;
        this.clockTicks = number("clk-tck", 100);
    }

    /** Runs the mode; results go to stdout and {@code --out}. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        for (int i = 0; i + 1 < argv.length; i += 2) {
            args.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        CurvePoint point = new CurvePoint(args);
        int status = 0;
        try {
            String mode = args.getOrDefault("mode", "point");
            if ("drain".equals(mode)) {
                point.drain();
            } else if ("idle".equals(mode)) {
                IdleFleet.serve(
                        point.namesrv(),
                        args.get("topic"),
                        point.number("first", 0),
                        point.number("idle", 0));
            } else {
                point.point();
            }
        } catch (Exception e) {
            // The clients' non-daemon threads would keep a failed point's JVM alive: record, exit.
            e.printStackTrace();
            point.results.put("failed", ProducePhase.oneLine(e));
            status = 1;
        }
        point.results.save(args.get("out"));
        System.exit(status);
    }

    private int number(String name, int fallback) {
        String value = args.get(name);
        return value == null ? fallback : Integer.parseInt(value.trim());
    }

    private String namesrv() {
        return args.get("namesrv");
    }

    private DefaultMQProducer producer() {
        DefaultMQProducer producer = new DefaultMQProducer("curve_producer");
        producer.setNamesrvAddr(namesrv());
        producer.setVipChannelEnabled(false);
        producer.setSendMsgTimeout(30_000);
        // Sizes are about bytes on the wire and on disk: the client would compress over 4 KiB.
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
        producer.setMaxMessageSize(MAX_MESSAGE);
        return producer;
    }

    private void point() throws Exception {
        DefaultMQProducer producer = producer();
        producer.start();
        String topic = args.getOrDefault("topic", "CurveTopic");
        E2eLoad.createBySending(producer, topic);
        List<String> topics = topics(topic);
        routeLatency(api(producer), topics);
        memory("start");
        CurveClients clients = new CurveClients();
        IdleFleet fleet = idle(clients, topic);
        try {
            LatencyConsumer listener = new LatencyConsumer();
            clients.startGroups(namesrv(), topic, number("groups", 0), listener);
            clients.awaitGroupsReady(producer, topic, listener, 120);
            measure(producer, topics, listener, clients.groups());
            memory("end");
        } finally {
            fleet.close();
        }
    }

    /**
     * Starts the {@code --idle} instances: in this JVM, or over child JVMs of at most {@code
     * --idle-per-jvm} each when that is set and smaller (the returned fleet then holds them).
     */
    private IdleFleet idle(CurveClients clients, String topic) throws Exception {
        int count = number("idle", 0);
        int perJvm = number("idle-per-jvm", 0);
        long started = System.nanoTime();
        IdleFleet fleet = IdleFleet.none();
        if (perJvm > 0 && count > perJvm) {
            fleet = IdleFleet.start(namesrv(), topic, count, perJvm, 600);
            results.put("idle_jvms", fleet.jvms());
        } else {
            clients.startIdle(namesrv(), topic, 0, count);
        }
        results.put("idle_start_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        memory("idle");
        return fleet;
    }

    /** The one topic, or the {@code --topics} pre-created ones (bench/run-curves.sh). */
    private List<String> topics(String topic) {
        int count = number("topics", 1);
        if (count <= 1) {
            return List.of(topic);
        }
        String prefix = args.getOrDefault("prefix", "ScaleTopic-");
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
        }
        return names;
    }

    /**
     * Times up to 200 route queries to the name server, spread evenly over the topics (what every
     * client does for every topic it uses, every 30 s).
     */
    private void routeLatency(MQClientAPIImpl api, List<String> topics) throws Exception {
        // A topic made by the first send reaches the name server with the broker's next
        // registration, which both brokers send asynchronously.
        awaitRoute(api, topics.get(0));
        Latencies latencies = new Latencies();
        int samples = Math.min(200, topics.size() * 20);
        for (int i = 0; i < samples; i++) {
            String topic = topics.get((int) ((long) i * topics.size() / samples));
            long start = System.nanoTime();
            api.getTopicRouteInfoFromNameServer(topic, 10_000, false);
            latencies.recordMicros((System.nanoTime() - start) / 1000);
        }
        latencies.report(results, "route");
    }

    private static void awaitRoute(MQClientAPIImpl api, String topic) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                api.getTopicRouteInfoFromNameServer(topic, 10_000, false);
                return;
            } catch (MQClientException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                TimeUnit.MILLISECONDS.sleep(20);
            }
        }
    }

    @SuppressWarnings("deprecation")
    private static MQClientAPIImpl api(DefaultMQProducer client) {
        return client.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
    }

    private void measure(
            DefaultMQProducer producer, List<String> topics, LatencyConsumer listener, int groups)
            throws Exception {
        int size = number("size", 1024);
        ProducePhase phase =
                new ProducePhase(producer, topics, size, number("threads", 8), number("rate", 0));
        phase.start();
        TimeUnit.SECONDS.sleep(number("warmup", 3));
        long broker = cpu("broker-pid");
        long brokerJit = jit("broker-pid");
        long nameServer = cpu("namesrv-pid");
        long started = System.nanoTime();
        listener.windowFrom(System.currentTimeMillis());
        phase.measuring(true);
        TimeUnit.SECONDS.sleep(number("duration", 10));
        phase.measuring(false);
        listener.windowTo(System.currentTimeMillis());
        long elapsed = System.nanoTime() - started;
        broker = cpu("broker-pid") - broker;
        brokerJit = jit("broker-pid") - brokerJit;
        nameServer = cpu("namesrv-pid") - nameServer;
        phase.stop();
        phase.report(results, "produce", elapsed);
        long sent = phase.sent();
        results.put(
                "produce.mb_s", sent * size / Math.max(1, TimeUnit.NANOSECONDS.toMicros(elapsed)));
        results.put("broker_cpu_us_per_msg", perMessage(broker, sent));
        results.put("namesrv_cpu_ms", nameServer / 1000);
        results.put("namesrv_cpu_us_per_s", nameServer * 1_000_000_000L / elapsed);
        if (groups > 0) {
            delivered(listener, sent * groups, broker);
            results.put(
                    "broker_jit_cpu_us_per_delivered", perMessage(brokerJit, listener.inWindow()));
        }
    }

    /** Waits (at most 60 s) for the window's messages in every group, then the delivery figures. */
    private void delivered(LatencyConsumer listener, long expected, long brokerCpu)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (listener.inWindow() < expected && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        results.put("delivered", listener.inWindow());
        results.put("delivered_expected", expected);
        // The window's sends and their deliveries: the broker's CPU per message it handed out.
        results.put("broker_cpu_us_per_delivered", perMessage(brokerCpu, listener.inWindow()));
        listener.report(results, "e2e");
    }

    private void drain() throws Exception {
        String topic = args.getOrDefault("topic", "CurveTopic");
        long messages = Long.parseLong(args.getOrDefault("messages", "1"));
        int size = number("size", 1024);
        long broker = cpu("broker-pid");
        LatencyConsumer listener = new LatencyConsumer();
        DefaultMQPushConsumer consumer = drainConsumer(topic, listener);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(number("drain", 600));
        while (listener.received() < messages && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        broker = cpu("broker-pid") - broker;
        consumer.shutdown();
        long received = listener.received();
        long span = Math.max(1, listener.deliverySpanNanos());
        results.put("drain.received", received);
        results.put("drain.tps", received * 1_000_000_000L / span);
        results.put("drain.mb_s", received * size * 1000L / span);
        results.put("drain.broker_cpu_us_per_msg", perMessage(broker, received));
        memory("end");
    }

    /**
     * Starts the draining group, trying again (up to five times, a new group each) when its start
     * fails: on a host at load 50 the name server took over the client's 3-second timeout to answer
     * the first route query, which failed a whole backlog point.
     */
    private DefaultMQPushConsumer drainConsumer(String topic, LatencyConsumer listener)
            throws MQClientException {
        for (int attempt = 1; ; attempt++) {
            try {
                return LatencyConsumer.start(
                        namesrv(),
                        "curve_drain_" + System.currentTimeMillis(),
                        topic,
                        ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                        listener,
                        false);
            } catch (MQClientException | IllegalStateException e) {
                if (attempt == 5) {
                    throw e;
                }
                results.put("drain.start_retry" + attempt, ProducePhase.oneLine(e));
            }
        }
    }

    private long cpu(String pidOption) throws IOException {
        return ProcessSample.cpuMicros(pids(pidOption), clockTicks);
    }

    /** The JIT compiler threads' share of {@link #cpu}. */
    private long jit(String pidOption) throws IOException {
        return ProcessSample.compilerCpuMicros(pids(pidOption), clockTicks);
    }

    /** The process named by {@code pidOption}, or none (its CPU then reads 0). */
    private List<Integer> pids(String pidOption) {
        String pid = args.get(pidOption);
        return pid == null ? List.of() : List.of(Integer.parseInt(pid));
    }

    private void memory(String when) throws IOException {
        for (String role : List.of("broker", "namesrv")) {
            String pid = args.get(role + "-pid");
            if (pid == null) {
                continue;
            }
            for (String key : List.of("VmRSS", "RssAnon", "RssFile")) {
                long kb = ProcessSample.statusKb(Integer.parseInt(pid), key);
                results.put(role + "." + key + "_kb_" + when, kb);
            }
        }
    }

    private static String perMessage(long cpuMicros, long messages) {
        if (messages == 0) {
            return "n/a";
        }
        return Double.toString(Math.round(cpuMicros * 10.0 / messages) / 10.0);
    }
}
