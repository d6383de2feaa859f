package io.bolide.interop;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An Apache RocketMQ 5.5.0 broker (or name server, or gRPC proxy) in a child JVM ({@code
 * BrokerStartup -c broker.conf}), its class path from the file the build writes (system property
 * {@code bolide.apache.classpath}), its home, logs and store under one directory.
 */
final class ApacheBroker implements AutoCloseable {
    private final Process process;
    private final Path dir;
    private final int port;

    private ApacheBroker(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** Starts a broker with {@code settings} added to a minimal configuration. */
    static ApacheBroker start(Path dir, int port, Map<String, String> settings) throws Exception {
        Files.createDirectories(dir.resolve("store"));
        StringBuilder conf = new StringBuilder();
        conf.append("brokerClusterName=DefaultCluster\nbrokerName=broker-a\n")
                .append("brokerIP1=127.0.0.1\nlistenPort=")
                .append(port)
                .append("\nstorePathRootDir=")
                .append(dir.resolve("store"))
                .append("\nstorePathCommitLog=")
                .append(dir.resolve("store/commitlog"))
                .append("\nflushDiskType=ASYNC_FLUSH\nautoCreateTopicEnable=true\n");
        settings.forEach((k, v) -> conf.append(k).append('=').append(v).append('\n'));
        Path confFile = dir.resolve("broker.conf");
        Files.writeString(confFile, conf.toString());
        return launch(
                dir, port, "org.apache.rocketmq.broker.BrokerStartup", "-c", confFile.toString());
    }

    /** Starts an Apache RocketMQ 5.5.0 name server on {@code port}. */
    static ApacheBroker nameServer(Path dir, int port) throws Exception {
        Files.createDirectories(dir);
        Path confFile = dir.resolve("namesrv.conf");
        Files.writeString(confFile, "listenPort=" + port + "\n");
        return launch(
                dir, port, "org.apache.rocketmq.namesrv.NamesrvStartup", "-c", confFile.toString());
    }

    /**
     * Starts Apache RocketMQ 5.5.0's controller on its own ({@code ControllerStartup -c
     * controller.conf}, jRaft) with {@code settings} as its file; {@code port} is its remoting port
     * (its entry of {@code jRaftControllerRPCAddr}).
     */
    static ApacheBroker controller(Path dir, int port, Map<String, String> settings)
            throws Exception {
        Files.createDirectories(dir);
        StringBuilder conf = new StringBuilder();
        settings.forEach((k, v) -> conf.append(k).append('=').append(v).append('\n'));
        Path confFile = dir.resolve("controller.conf");
        Files.writeString(confFile, conf.toString());
        return launch(
                dir,
                port,
                "org.apache.rocketmq.controller.ControllerStartup",
                "-c",
                confFile.toString());
    }

    /**
     * Starts Apache RocketMQ 5.5.0's proxy in CLUSTER mode: gRPC on {@code grpcPort}, its own
     * remoting listener on {@code remotingPort}, and every broker it reaches found through {@code
     * nameServer}, over remoting only. {@code settings} are added to {@code rmq-proxy.json} as JSON
     * members ({@code "key":value}).
     */
    static ApacheBroker proxy(
            Path dir, String nameServer, int grpcPort, int remotingPort, String... settings)
            throws Exception {
        Files.createDirectories(dir);
        StringBuilder json = new StringBuilder("{\"rocketMQClusterName\":\"DefaultCluster\"");
        json.append(",\"proxyMode\":\"cluster\",\"namesrvAddr\":\"")
                .append(nameServer)
                .append("\",\"grpcServerPort\":")
                .append(grpcPort)
                .append(",\"remotingListenPort\":")
                .append(remotingPort);
        for (String setting : settings) {
            json.append(',').append(setting);
        }
        Path confFile = dir.resolve("rmq-proxy.json");
        Files.writeString(confFile, json.append("}\n").toString());
        return launch(
                dir,
                grpcPort,
                "org.apache.rocketmq.proxy.ProxyStartup",
                "-pm",
                "cluster",
                "-pc",
                confFile.toString());
    }

    private static ApacheBroker launch(Path dir, int port, String main, String... args)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command(dir, main, args));
        builder.environment().put("ROCKETMQ_HOME", dir.toString());
        builder.redirectErrorStream(true).redirectOutput(dir.resolve("broker.out").toFile());
        ApacheBroker broker = new ApacheBroker(builder.start(), dir, port);
        broker.awaitPort(port);
        return broker;
    }

    private static List<String> command(Path dir, String main, String... args) throws IOException {
        String classpath = System.getProperty("bolide.apache.classpath");
        if (classpath == null) {
            throw new IllegalStateException("system property bolide.apache.classpath is not set");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(
                List.of(
                        "-Xms256m",
                        "-Xmx256m",
                        "-XX:MaxDirectMemorySize=256m",
                        // Start-up speed over peak speed: these brokers live for seconds.
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                        "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                        "--add-opens=java.base/java.lang=ALL-UNNAMED",
                        // The jRaft controller's snapshots serialize its state with Hessian.
                        "--add-opens=java.base/java.util=ALL-UNNAMED",
                        "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                        "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                        "-Duser.home=" + dir,
                        "-Drocketmq.home.dir=" + dir,
                        "-cp",
                        Files.readString(Path.of(classpath)).trim(),
                        main));
        command.addAll(List.of(args));
        return command;
    }

    private void awaitPort(int target) {
        Await.until(
                Duration.ofSeconds(60),
                () -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException("Apache broker exited: " + output());
                    }
                    try (Socket socket = new Socket("127.0.0.1", target)) {
                        return socket.isConnected();
                    } catch (IOException e) {
                        return false;
                    }
                },
                "the Apache broker's port " + target);
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    /** The HA listener: the reference's default, listenPort + 1. */
    int haPort() {
        return port + 1;
    }

    void awaitHaPort() {
        awaitPort(haPort());
    }

    String output() {
        try {
            return Files.readString(dir.resolve("broker.out"), StandardCharsets.UTF_8) + logLines();
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /** The warnings and errors of the process's own log files (${user.home}/logs), last 80. */
    private String logLines() throws IOException {
        Path logs = dir.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        try (var files = Files.walk(logs)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (line.contains("WARN") || line.contains("ERROR")) {
                        lines.add(file.getFileName() + ": " + line);
                    }
                }
            }
        }
        List<String> last = lines.subList(Math.max(0, lines.size() - 80), lines.size());
        return "\n--- log warnings ---\n" + String.join("\n", last);
    }

    /** A free port whose successor is free too (the reference's HA port is listenPort + 1). */
    static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            if (port < 65535 && free(port + 1)) {
                return port;
            }
        }
        throw new IOException("no free pair of ports");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return socket.isBound();
        } catch (IOException e) {
            return false;
        }
    }

    /** Kills the process: its store is a temporary directory, so no graceful shutdown. */
    @Override
    public void close() {
        kill();
    }

    /** SIGKILL: the process dies as in a crash, with no shutdown hook. */
    void kill() {
        try {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
