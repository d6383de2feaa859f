package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Lite topics at scale (issue #34), one implementation per run: lite subscriptions for N lite
 * topics under one LITE parent (clients of {@link #PER_CLIENT} each, the reference's per-client
 * quota), as consumers subscribe before producers send; then one message to each lite topic, which
 * creates it; then every message popped with POP_LITE_MESSAGE and acknowledged. Records per phase
 * the wall time and the broker's CPU (from {@code /proc}, as for every side-by-side figure), and
 * resident memory before, after the sends and after the receives. {@code --phase probe} (after the
 * script restarted the broker) measures how long until the restarted broker answers lite requests
 * again. See bench/run-lite.sh.
 *
 * <pre>
 *   LiteLoad --broker H:P --broker-name NAME --count N --threads T --size BYTES --clk-tck T
 *            --broker-pid P [--namesrv-pid P] [--phase load|probe] --out file.properties
 * </pre>
 */
public final class LiteLoad {
    static final int PER_CLIENT = 2000;
    private static final String PARENT = "LiteParent";
    private static final String GROUP = "LiteLoadGroup";
    private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Map<String, String> args;
    private final Results results = new Results();
    private final int count;
    private final int threads;
    private final List<Integer> pids = new ArrayList<>();
    private final int clockTicks;

    private LiteLoad(Map<String, String> args) {
        this.args = args;
        this.count = Integer.parseInt(args.get("count"));
        this.threads = Integer.parseInt(args.getOrDefault("threads", "16"));
        this.clockTicks = Integer.parseInt(args.getOrDefault("clk-tck", "100"));
        pids.add(Integer.parseInt(args.get("broker-pid")));
        String namesrv = args.get("namesrv-pid");
        if (namesrv != null && !namesrv.equals(args.get("broker-pid"))) {
            pids.add(Integer.parseInt(namesrv));
        }
    }

    /** Runs the phase; results go to stdout and {@code --out}. */
    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        for (int i = 0; i + 1 < argv.length; i += 2) {
            args.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        }
        LiteLoad load = new LiteLoad(args);
        try (LiteWire wire = new LiteWire(args.get("broker"), args.get("broker-name"))) {
            if ("probe".equals(args.get("phase"))) {
                load.probe(wire);
            } else {
                load.run(wire);
            }
        }
        load.results.save(args.get("out"));
        System.exit(0);
    }

    private void run(LiteWire wire) throws Exception {
        results.put("lite_topics", count);
        wire.createParent(PARENT);
        wire.createGroup(GROUP, PARENT);
        memory("before");
        long cpu = cpu();
        long started = System.nanoTime();
        subscribeAll(wire);
        phase("subscribe", started, cpu, count);
        settle();
        memory("after_subscribe");
        cpu = cpu();
        started = System.nanoTime();
        long sent = sendAll(wire);
        phase("send", started, cpu, sent);
        settle();
        memory("after_send");
        cpu = cpu();
        started = System.nanoTime();
        long received = receiveAll(wire);
        phase("receive", started, cpu, received);
        results.put("received", received);
        memory("after_receive");
    }

    /** One message to each lite topic, {@code threads} senders; answers other than 0 counted. */
    private long sendAll(LiteWire wire) throws Exception {
        byte[] body = new byte[Integer.parseInt(args.getOrDefault("size", "1024"))];
        AtomicLong failed = new AtomicLong();
        AtomicLong ok = new AtomicLong();
        String firstRemark =
                inParallel(
                        t -> {
                            for (int i = t; i < count; i += threads) {
                                RemotingCommand answer = wire.send(PARENT, lite(i), body, "U-" + i);
                                (answer.getCode() == 0 ? ok : failed).incrementAndGet();
                                if (answer.getCode() != 0 && failed.get() == 1) {
                                    return answer.getCode() + " " + answer.getRemark();
                                }
                            }
                            return null;
                        });
        results.put("send_failed", failed.get());
        results.put("send_first_failure", String.valueOf(firstRemark));
        return ok.get();
    }

    private void subscribeAll(LiteWire wire) throws Exception {
        int clients = clients();
        AtomicLong refused = new AtomicLong();
        inParallel(
                t -> {
                    for (int c = t; c < clients; c += threads) {
                        List<String> lites = new ArrayList<>(PER_CLIENT);
                        for (int i = c * PER_CLIENT;
                                i < Math.min(count, (c + 1) * PER_CLIENT);
                                i++) {
                            lites.add(lite(i));
                        }
                        RemotingCommand answer = wire.subscribe(client(c), GROUP, PARENT, lites);
                        if (answer.getCode() != 0) {
                            refused.incrementAndGet();
                        }
                    }
                    return null;
                });
        results.put("subscribe_clients", clients);
        results.put("subscribe_refused", refused.get());
    }

    /** Pops and acknowledges each client's messages until it has all or stalls a minute. */
    private long receiveAll(LiteWire wire) throws Exception {
        int clients = clients();
        AtomicLong received = new AtomicLong();
        inParallel(
                t -> {
                    for (int c = t; c < clients; c += threads) {
                        int expected = Math.min(count, (c + 1) * PER_CLIENT) - c * PER_CLIENT;
                        received.addAndGet(receiveClient(wire, c, expected));
                    }
                    return null;
                });
        return received.get();
    }

    private int receiveClient(LiteWire wire, int c, int expected) throws Exception {
        Set<String> seen = new HashSet<>();
        long progress = System.nanoTime();
        while (seen.size() < expected && System.nanoTime() - progress < STALL_NANOS) {
            RemotingCommand popped = wire.pop(client(c), GROUP, PARENT, 1000);
            if (popped.getCode() != 0 || popped.getBody() == null) {
                continue;
            }
            for (MessageExt m : LiteWire.messages(popped)) {
                wire.ack(GROUP, PARENT, popped, m);
                if (seen.add(m.getProperty("__LITE_TOPIC"))) {
                    progress = System.nanoTime();
                }
            }
        }
        return seen.size();
    }

    /** After a restart: until a lite query and a send to a new lite topic are answered. */
    private void probe(LiteWire wire) throws Exception {
        long started = System.nanoTime();
        long deadline = started + TimeUnit.MINUTES.toNanos(10);
        while (System.nanoTime() < deadline) {
            try {
                RemotingCommand info =
                        wire.call(
                                RemotingCommand.createRequestCommand(
                                        LiteWire.GET_BROKER_LITE_INFO, null));
                RemotingCommand sent = wire.send(PARENT, "after-restart", new byte[16], "U-r");
                if (info.getCode() == 0 && sent.getCode() == 0) {
                    break;
                }
            } catch (Exception notYet) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
        }
        results.put("probe_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        memory("after_restart");
    }

    private int clients() {
        return (count + PER_CLIENT - 1) / PER_CLIENT;
    }

    private static String lite(int i) {
        return "lite-" + i;
    }

    private static String client(int c) {
        return "lite-load-client-" + c;
    }

    private void phase(String name, long startedNanos, long cpuStart, long messages)
            throws Exception {
        long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - startedNanos);
        long cpuMicros = cpu() - cpuStart;
        results.put(name + "_ms", micros / 1000);
        results.put(name + "_per_s", messages * 1_000_000L / Math.max(1, micros));
        results.put(name + "_cpu_ms", cpuMicros / 1000);
        results.put(name + "_cpu_us_per_item_x100", cpuMicros * 100 / Math.max(1, messages));
    }

    private void settle() {
        long seconds = Long.parseLong(args.getOrDefault("settle", "10"));
        LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(seconds));
    }

    private long cpu() throws Exception {
        return ProcessSample.cpuMicros(pids, clockTicks);
    }

    private void memory(String when) throws Exception {
        int broker = pids.get(0);
        results.put("rss_kb_" + when, ProcessSample.statusKb(broker, "VmRSS"));
        results.put("rss_anon_kb_" + when, ProcessSample.statusKb(broker, "RssAnon"));
    }

    /** A task for each of {@code threads}; the first non-null answer is returned. */
    private String inParallel(Task task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int index = t;
                futures.add(pool.submit(() -> task.run(index)));
            }
            String first = null;
            for (Future<String> f : futures) {
                String answer = f.get();
                first = first == null ? answer : first;
            }
            return first;
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface Task {
        String run(int thread) throws Exception;
    }
}
