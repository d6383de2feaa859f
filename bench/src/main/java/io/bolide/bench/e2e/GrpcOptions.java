package io.bolide.bench.e2e;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Settings of one {@link GrpcLoad} run, from {@code --name value} pairs, each with a default. */
final class GrpcOptions {
    /** The gRPC endpoint the SDK is given (Bolide's own port, or Apache's proxy). */
    final String endpoint;

    /** The name server, for creating the topic over remoting before the SDK asks for its route. */
    final String namesrv;

    final String topic;
    final int threads;
    final int consumers;
    final int batch;
    final int size;
    final int warmupSeconds;
    final int durationSeconds;
    final int drainSeconds;
    final List<Integer> pids;
    final int clockTicks;
    final String out;

    private GrpcOptions(Map<String, String> values) {
        endpoint = values.getOrDefault("endpoint", "127.0.0.1:8081");
        namesrv = values.getOrDefault("namesrv", "127.0.0.1:9876");
        topic = values.getOrDefault("topic", "GrpcBench");
        threads = intOption(values, "threads", 64);
        consumers = intOption(values, "consumers", 4);
        batch = intOption(values, "batch", 32);
        size = intOption(values, "size", 1024);
        warmupSeconds = intOption(values, "warmup", 5);
        durationSeconds = intOption(values, "duration", 20);
        drainSeconds = intOption(values, "drain", 60);
        clockTicks = intOption(values, "clk-tck", 100);
        out = values.get("out");
        pids = new ArrayList<>();
        for (String pid : values.getOrDefault("pids", "").split(",")) {
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
    static GrpcOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException(
                        "expected --name value pairs, got '" + args[i] + "'; " + usage());
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
        return new GrpcOptions(values);
    }

    static String usage() {
        return "GrpcLoad --endpoint host:port --namesrv host:port --topic T --threads N --consumers N"
                + " --batch N --size BYTES --warmup S --duration S --drain S --pids pid[,pid]"
                + " --clk-tck 100 --out results.properties";
    }

    private static int intOption(Map<String, String> values, String name, int fallback) {
        String value = values.get(name);
        return value == null ? fallback : Integer.parseInt(value.trim());
    }
}
