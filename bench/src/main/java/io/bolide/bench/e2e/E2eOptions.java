package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Settings of one load-generator run, from {@code --name value} pairs. Every option has a default
 * so the script passes only what it varies.
 */
final class E2eOptions {
    final String mode;
    final String namesrv;
    final String topic;
    final int threads;

    /** Offered send rate of the live phase, messages per second over all threads; 0: unpaced. */
    final int rate;

    final int size;
    final int warmupSeconds;
    final int durationSeconds;
    final int backlogSeconds;
    final int drainSeconds;

    /** Backlog phase: fill this many messages (0: fill for {@link #backlogSeconds}). */
    final long backlogMessages;

    final List<Integer> pids;
    final int clockTicks;
    final String out;

    /** Mode firstsend: warm the client's send path against a throwaway broker first. */
    final boolean warmClient;

    /** Live phase: run the end-to-end consumer (0: producers only). */
    final boolean consume;

    /**
     * Consumers in POP mode ({@code --consume-mode POP}): the groups set to POP on the broker and
     * the push consumer popping with the broker's assignment; PULL (default): client rebalancing.
     */
    final boolean pop;

    /** Master and slave broker addresses for replication figures (lag, catch-up), or null. */
    final String master;

    final String slave;

    /** Mode fill: bytes of message bodies to send; mode catchup: the slave's end before. */
    final long bytes;

    private E2eOptions(Map<String, String> values) {
        mode = values.getOrDefault("mode", "run");
        namesrv = values.getOrDefault("namesrv", "127.0.0.1:9876");
        topic = values.getOrDefault("topic", "BenchTopic");
        threads = intOption(values, "threads", 64);
        rate = intOption(values, "rate", 0);
        size = intOption(values, "size", 1024);
        warmupSeconds = intOption(values, "warmup", 5);
        durationSeconds = intOption(values, "duration", 30);
        backlogSeconds = intOption(values, "backlog", 30);
        drainSeconds = intOption(values, "drain", 120);
        backlogMessages = Long.parseLong(values.getOrDefault("backlog-messages", "0"));
        clockTicks = intOption(values, "clk-tck", 100);
        out = values.get("out");
        warmClient = intOption(values, "warm-client", 0) != 0;
        consume = intOption(values, "consume", 1) != 0;
        pop = "POP".equalsIgnoreCase(values.getOrDefault("consume-mode", "PULL"));
        master = values.get("master");
        slave = values.get("slave");
        bytes = Long.parseLong(values.getOrDefault("bytes", "0"));
        pids = new ArrayList<>();
        String pidList = values.getOrDefault("pids", "");
        for (String pid : pidList.split(",")) {
            if (!pid.isBlank()) {
                pids.add(Integer.parseInt(pid.trim()));
            }
        }
    }

    /**
     * Parses {@code --name value} pairs.
     *
     * @throws IllegalArgumentException for a dangling or unknown-shaped argument
     */
    static E2eOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException(
                        "expected --name value pairs, got '" + args[i] + "'; " + usage());
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
        return new E2eOptions(values);
    }

    static String usage() {
        return "E2eLoad --mode run|firstsend|fill|offset|catchup --namesrv host:port --topic T --threads N"
                + " --rate MSGS_PER_S --size BYTES --warmup S --duration S --backlog S --backlog-messages N --drain S"
                + " --pids brokerPid[,namesrvPid] --clk-tck 100 --out results.properties"
                + " --warm-client 0|1 --consume 0|1 --consume-mode PULL|POP --master host:port --slave host:port"
                + " --bytes N";
    }

    private static int intOption(Map<String, String> values, String name, int fallback) {
        String value = values.get(name);
        return value == null ? fallback : Integer.parseInt(value.trim());
    }
}
