package io.bolide.systest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Prometheus server (Debian's {@code prometheus} binary) as a child process: it scrapes the
 * given targets every second, keeps its data under {@code target/}, answers on a free loopback
 * port, and is asked back through its HTTP API ({@code /api/v1/query}).
 */
final class PrometheusServer implements AutoCloseable {
    static final List<Path> BINARIES =
            List.of(Path.of("/usr/bin/prometheus"), Path.of("/usr/local/bin/prometheus"));
    private static final Pattern VALUE = Pattern.compile("\"value\":\\[[0-9.eE+]+,\"([^\"]*)\"\\]");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final int port;
    private final Path log;

    private PrometheusServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** The installed binary, or null. */
    static Path binary() {
        return BINARIES.stream().filter(Files::isExecutable).findFirst().orElse(null);
    }

    /**
     * Starts Prometheus scraping {@code job}'s {@code targets} ({@code host:port}) every second.
     */
    static PrometheusServer start(Path binary, Path dir, String job, String... targets)
            throws IOException {
        Files.createDirectories(dir);
        Path config = dir.resolve("prometheus.yml");
        StringBuilder list = new StringBuilder();
        for (String target : targets) {
            list.append(list.length() == 0 ? "" : ", ").append('\'').append(target).append('\'');
        }
        Files.writeString(
                config,
                "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                        + "scrape_configs:\n  - job_name: "
                        + job
                        + "\n    scrape_interval: 1s\n    static_configs:\n      - targets: ["
                        + list
                        + "]\n");
        int port = freePort();
        Path log = dir.resolve("prometheus.log");
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.add("--config.file=" + config);
        command.add("--storage.tsdb.path=" + dir.resolve("data"));
        command.add("--web.listen-address=127.0.0.1:" + port);
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        return new PrometheusServer(process, port, log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * The value of the first series {@code promql} selects now, or null when it selects none (or
     * Prometheus is not answering yet).
     */
    String query(String promql) {
        URI uri =
                URI.create(
                        "http://127.0.0.1:"
                                + port
                                + "/api/v1/query?query="
                                + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        try {
            HttpResponse<String> response =
                    HTTP.send(
                            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.ofString());
            Matcher value = VALUE.matcher(response.body());
            return response.statusCode() == 200 && value.find() ? value.group(1) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** What Prometheus logged, for a failure message. */
    String log() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
