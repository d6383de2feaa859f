package io.bolide.systest;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * The fail-over campaign's cluster (issue #19): three controllers (in the name servers), group
 * {@code fo-a} (nodes a0, a1, a2) and group {@code fo-b} (b0, b1), each process in a network
 * namespace of its own that {@code system-tests/failover/cluster.sh} made and drives; this JVM runs
 * in the client's namespace. Who is master is never assumed: it is read from the name servers'
 * route, as a client would.
 */
final class FailoverCluster implements AutoCloseable {
    private static final org.slf4j.Logger LOG =
            org.slf4j.LoggerFactory.getLogger(FailoverCluster.class);
    static final String TOPIC = "FoTopic";
    static final int QUEUES = 4;
    static final Map<String, List<String>> GROUPS =
            Map.of("fo-a", List.of("a0", "a1", "a2"), "fo-b", List.of("b0", "b1"));
    static final List<String> CONTROLLERS = List.of("c1", "c2", "c3");
    private static final int BROKER_PORT = 46911;
    private static final int NAMESRV_PORT = 46876;

    /** Apache brokers take tens of seconds to start on a busy host; elections take seconds. */
    static final Duration PATIENCE = Duration.ofSeconds(300);

    private final Path script;
    private final Path runDir;
    private final Map<String, String> addresses = new HashMap<>();
    private final DefaultMQAdminExt admin;
    private final QueueReader reader;
    private final DefaultMQProducer producer;
    private final DefaultMQPushConsumer consumer;
    private final FaultInbox inbox;

    private FailoverCluster(Path script, Path runDir, FaultBodies bodies) throws Exception {
        this.script = script;
        this.runDir = runDir;
        for (String node : List.of("c1", "c2", "c3", "a0", "a1", "a2", "b0", "b1")) {
            addresses.put(node, shell("addr", node).strip());
        }
        String namesrv =
                String.join(
                        ";",
                        CONTROLLERS.stream()
                                .map(c -> addresses.get(c) + ":" + NAMESRV_PORT)
                                .toList());
        this.admin = MasterSlaveGroupTest.admin(namesrv);
        this.reader = new QueueReader(admin);
        this.producer = Clients.producer(namesrv, "fo-producer");
        producer.setSendMsgTimeout(5_000);
        producer.setPollNameServerInterval(1_000);
        this.inbox = new FaultInbox(bodies);
        this.consumer = Clients.pushConsumer(namesrv, "fo-consumer");
        consumer.setPollNameServerInterval(1_000);
        consumer.setConsumeMessageBatchMaxSize(32);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(inbox);
    }

    /** Starts every controller and broker, waits for both groups' masters, makes the topic. */
    static FailoverCluster start(Path script, Path runDir, FaultBodies bodies) throws Exception {
        FailoverCluster cluster = new FailoverCluster(script, runDir, bodies);
        for (String node : CONTROLLERS) {
            cluster.run("start", node);
        }
        for (List<String> members : GROUPS.values()) {
            for (String node : members) {
                cluster.run("start", node);
            }
        }
        for (String group : GROUPS.keySet()) {
            cluster.awaitFull(group);
            cluster.createTopic(group);
        }
        cluster.producer.start();
        cluster.consumer.start();
        return cluster;
    }

    /**
     * Makes the topic on the group's master and on each slave too: a slave copies its master's
     * topics only every 60 s (as the reference's does), and the checker reads every replica right
     * after the first round. A member that refuses is waited for until it copied the topic.
     */
    private void createTopic(String group) {
        TopicConfig topic = new TopicConfig(TOPIC, QUEUES, QUEUES, 6);
        String master = master(group);
        patiently(
                "creating " + TOPIC + " on " + master,
                () -> {
                    admin.createAndUpdateTopicConfig(master, topic);
                    return true;
                });
        for (String node : GROUPS.get(group)) {
            String at = address(node);
            if (!at.equals(master)) {
                try {
                    admin.createAndUpdateTopicConfig(at, topic);
                } catch (Exception e) {
                    LOG.warn("{} refused {} ({}): waiting for its copy", at, TOPIC, e.toString());
                }
            }
            patiently(node + " knows " + TOPIC, () -> queueEnds(at));
        }
    }

    /** Runs {@code cluster.sh args}; its output goes to the run's cluster log. */
    void run(String... args) throws IOException, InterruptedException {
        String out = shell(args);
        if (!out.isBlank()) {
            Files.writeString(
                    runDir.resolve("cluster.log"),
                    String.join(" ", args) + ": " + out,
                    StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private String shell(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IOException(
                    "cluster.sh "
                            + String.join(" ", args)
                            + " failed: "
                            + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The node listening at {@code address} (host:port). */
    String node(String address) {
        String host = address.substring(0, address.indexOf(':'));
        return addresses.entrySet().stream()
                .filter(e -> e.getValue().equals(host))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no node at " + address));
    }

    String address(String node) {
        return addresses.get(node) + ":" + BROKER_PORT;
    }

    /** The group a broker node belongs to. */
    static String groupOf(String node) {
        return "fo-" + node.charAt(0);
    }

    /** The current master's address of {@code group} by the name servers' route, or null. */
    String master(String group) {
        try {
            BrokerData data = admin.examineBrokerClusterInfo().getBrokerAddrTable().get(group);
            return data == null ? null : data.getBrokerAddrs().get(0L);
        } catch (Exception e) {
            return null;
        }
    }

    /** The master of {@code group}, once a name server that answers knows it. */
    String awaitMaster(String group) {
        Await.until(
                PATIENCE,
                Duration.ofMillis(200),
                () -> master(group) != null,
                group + " has a master a name server knows");
        return master(group);
    }

    /** A number from the broker's runtime info (GET_BROKER_RUNTIME_INFO). */
    long runtime(String address, String key) throws Exception {
        return Long.parseLong(admin.fetchBrokerRuntimeStats(address).getTable().get(key));
    }

    /** Each queue's end of the topic on the broker at {@code address}. */
    long[] queueEnds(String address) throws Exception {
        long[] ends = new long[QUEUES];
        String group = groupOf(node(address));
        for (int q = 0; q < QUEUES; q++) {
            ends[q] = reader.maxOffset(address, TOPIC, group, q);
        }
        return ends;
    }

    /**
     * Waits until {@code group} has a master and every member runs, holds the master's whole commit
     * log and has indexed all of it.
     */
    void awaitFull(String group) {
        Await.until(
                PATIENCE,
                Duration.ofMillis(200),
                () -> full(group),
                group + " has a master and every member caught up");
    }

    /**
     * Waits for {@code group} to be whole again; a member still not caught up after {@code grace}
     * is restarted (kill -9, start) once, as an operator would. Returns the members restarted.
     */
    List<String> heal(String group, Duration grace) throws IOException, InterruptedException {
        try {
            Await.until(grace, Duration.ofMillis(200), () -> full(group), group + " heals");
            return List.of();
        } catch (AssertionError e) {
            List<String> lagging = lagging(group);
            LOG.warn(
                    "{} not whole after {}: restarting {} (master {}; {})",
                    group,
                    grace,
                    lagging,
                    master(group),
                    offsets(group));
            for (String node : lagging) {
                run("kill", node);
                run("start", node);
            }
            try {
                awaitFull(group);
            } catch (AssertionError stuck) {
                LOG.warn("{} still not whole: {}", group, offsets(group));
                throw stuck;
            }
            return lagging;
        }
    }

    /**
     * The slaves of {@code group} that do not hold the master's whole log, have not made all of it
     * readable (a store turned read-only after its log was complete, e.g. by a write fault of a
     * full disk surfacing late), or do not answer; none while the group has no master that answers.
     */
    private List<String> lagging(String group) {
        String master = master(group);
        List<String> lagging = new ArrayList<>();
        long end;
        try {
            end = runtime(master, "commitLogMaxOffset");
        } catch (Exception e) {
            return lagging;
        }
        for (String node : GROUPS.get(group)) {
            if (address(node).equals(master)) {
                continue;
            }
            try {
                if (!holdsAndServes(address(node), end)) {
                    lagging.add(node);
                }
            } catch (Exception e) {
                lagging.add(node);
            }
        }
        return lagging;
    }

    /** Each member's commit-log end and undispatched bytes, for the log of a group not whole. */
    private String offsets(String group) {
        StringBuilder out = new StringBuilder();
        for (String node : GROUPS.get(group)) {
            String at = address(node);
            out.append(node).append(' ');
            try {
                out.append(runtime(at, "commitLogMaxOffset"))
                        .append('/')
                        .append(runtime(at, "dispatchBehindBytes"));
            } catch (Exception e) {
                out.append(e.getClass().getSimpleName());
            }
            out.append(' ');
        }
        return out.toString().trim();
    }

    /**
     * Whether the broker at {@code at} holds the log up to {@code end} and has made it readable.
     */
    private boolean holdsAndServes(String at, long end) throws Exception {
        return runtime(at, "commitLogMaxOffset") == end && runtime(at, "dispatchBehindBytes") == 0;
    }

    private boolean full(String group) {
        String master = master(group);
        if (master == null) {
            return false;
        }
        try {
            long end = runtime(master, "commitLogMaxOffset");
            for (String node : GROUPS.get(group)) {
                if (!holdsAndServes(address(node), end)) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * A read the brokers may refuse for a while ("system busy" under load): tried until it works.
     */
    static <T> T patiently(String what, java.util.concurrent.Callable<T> read) {
        java.util.concurrent.atomic.AtomicReference<T> result =
                new java.util.concurrent.atomic.AtomicReference<>();
        Await.until(
                PATIENCE,
                Duration.ofMillis(500),
                () -> {
                    try {
                        result.set(read.call());
                        return true;
                    } catch (Exception e) {
                        LOG.warn("{}: {}, trying again", what, e.toString());
                        return false;
                    }
                },
                what);
        return result.get();
    }

    /**
     * The terms in {@code node}'s epoch file: {epoch, startOffset}, oldest first; none if absent.
     */
    List<long[]> epochs(String node) throws IOException {
        Path file = runDir.resolve(node).resolve("store").resolve("epochFileCheckpoint");
        List<long[]> terms = new ArrayList<>();
        if (!Files.exists(file)) {
            return terms;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (String line : lines.subList(Math.min(2, lines.size()), lines.size())) {
            int dash = line.indexOf('-');
            if (dash > 0) {
                terms.add(
                        new long[] {
                            Long.parseLong(line.substring(0, dash)),
                            Long.parseLong(line.substring(dash + 1).strip())
                        });
            }
        }
        return terms;
    }

    Path runDir() {
        return runDir;
    }

    QueueReader reader() {
        return reader;
    }

    DefaultMQProducer producer() {
        return producer;
    }

    FaultInbox inbox() {
        return inbox;
    }

    @Override
    public void close() {
        consumer.shutdown();
        producer.shutdown();
        admin.shutdown();
    }
}
