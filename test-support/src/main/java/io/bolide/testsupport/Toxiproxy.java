package io.bolide.testsupport;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
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
import org.junit.jupiter.api.Assumptions;

/**
 * Shopify's toxiproxy server (Go module {@code github.com/Shopify/toxiproxy/v2} v2.5.0, the one the
 * fail-over campaign uses) as a child process with one proxy, driven through its HTTP API: a dead
 * endpoint ({@link #disable()}: connections refused and the open ones cut), latency, then {@link
 * #restore()}. Built once with {@code go install} into {@code system-tests/target/toxiproxy}; a
 * test using it is skipped only where there is no Go toolchain.
 */
public final class Toxiproxy implements AutoCloseable {
    private static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0";
    private static final List<String> KNOWN_GO =
            List.of("/usr/local/go/bin/go", "/usr/lib/go/bin/go", "/usr/bin/go");
    private static final Pattern LISTEN = Pattern.compile("\"listen\":\"[^\"]*:(\\d+)\"");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final int apiPort;
    private int listenPort;

    private Toxiproxy(Process process, int apiPort) {
        this.process = process;
        this.apiPort = apiPort;
    }

    /**
     * Starts toxiproxy with one proxy from a free loopback port to {@code 127.0.0.1:upstreamPort},
     * building it first if needed; skips the calling test without Go.
     */
    public static Toxiproxy startOrSkip(int upstreamPort, Path log) throws Exception {
        Path binary = buildOrSkip();
        int api;
        try (ServerSocket probe = new ServerSocket(0)) {
            api = probe.getLocalPort();
        }
        Process process =
                new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port", "" + api)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        Toxiproxy toxiproxy = new Toxiproxy(process, api);
        try {
            Await.until(Duration.ofSeconds(30), () -> Moto.accepting(api), "toxiproxy's API");
            String made =
                    toxiproxy.call(
                            "POST",
                            "/proxies",
                            "{\"name\":\"s3\",\"listen\":\"127.0.0.1:0\",\"upstream\":\"127.0.0.1:"
                                    + upstreamPort
                                    + "\",\"enabled\":true}");
            Matcher port = LISTEN.matcher(made);
            if (!port.find()) {
                throw new IOException("toxiproxy made no listener: " + made);
            }
            toxiproxy.listenPort = Integer.parseInt(port.group(1));
        } catch (Exception | AssertionError e) {
            toxiproxy.close();
            throw e;
        }
        return toxiproxy;
    }

    /** The port clients connect to instead of the upstream's. */
    public int port() {
        return listenPort;
    }

    /** A dead endpoint: open connections are cut and new ones refused. */
    public void disable() throws IOException, InterruptedException {
        call("POST", "/proxies/s3", "{\"enabled\":false}");
    }

    /** Forwarding again, without toxics. */
    public void restore() throws IOException, InterruptedException {
        call("POST", "/proxies/s3", "{\"enabled\":true}");
        String toxics = call("GET", "/proxies/s3/toxics", null);
        Matcher name = Pattern.compile("\"name\":\"([^\"]+)\"").matcher(toxics);
        while (name.find()) {
            call("DELETE", "/proxies/s3/toxics/" + name.group(1), null);
        }
    }

    /** {@code millis} of latency on every answer from the upstream. */
    public void latency(long millis) throws IOException, InterruptedException {
        call(
                "POST",
                "/proxies/s3/toxics",
                "{\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"downstream\","
                        + "\"attributes\":{\"latency\":"
                        + millis
                        + "}}");
    }

    private String call(String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json");
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response =
                HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(
                    "toxiproxy "
                            + method
                            + " "
                            + path
                            + ": "
                            + response.statusCode()
                            + " "
                            + response.body());
        }
        return response.body();
    }

    private static synchronized Path buildOrSkip() throws IOException, InterruptedException {
        Path dir =
                Path.of(
                                System.getProperty(
                                        "bolide.toxiproxy.dir",
                                        Path.of("..", "system-tests", "target", "toxiproxy")
                                                .toString()))
                        .toAbsolutePath()
                        .normalize();
        Path binary = dir.resolve("server");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        String go = findGo();
        Assumptions.assumeTrue(go != null, "no Go toolchain (go on PATH or " + KNOWN_GO + ")");
        Files.createDirectories(dir);
        ProcessBuilder build = new ProcessBuilder(go, "install", MODULE);
        build.environment().put("GOBIN", dir.toString());
        build.environment().put("GOFLAGS", "-mod=mod");
        build.environment().put("GOTOOLCHAIN", "local");
        if (System.getenv("HOME") == null) {
            build.environment().putIfAbsent("GOPATH", dir.resolve("gopath").toString());
            build.environment().putIfAbsent("GOCACHE", dir.resolve("gocache").toString());
        }
        Path log = dir.resolve("install.log");
        Process process = build.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean done = process.waitFor(300, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        if (!done || process.exitValue() != 0 || !Files.isExecutable(binary)) {
            throw new IOException(
                    "go install "
                            + MODULE
                            + " failed: "
                            + Files.readString(log, StandardCharsets.UTF_8));
        }
        return binary;
    }

    private static String findGo() {
        List<String> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                candidates.add(Path.of(dir, "go").toString());
            }
        }
        candidates.addAll(KNOWN_GO);
        return candidates.stream()
                .filter(c -> Files.isExecutable(Path.of(c)))
                .findFirst()
                .orElse(null);
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
