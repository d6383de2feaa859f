package io.bolide.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * moto's S3-compatible server (PyPI {@code moto[server]}) as a child process, for the tiered
 * storage tests (#36) of modules other than tier: from the venv {@code .ci/run} installs under
 * {@code tier/target/motovenv} (system property {@code bolide.moto.venv} to point elsewhere). A
 * test using it is skipped, saying how to install it, where there is none. Buckets are made with a
 * plain HTTP PUT (moto does not check signatures), so this needs no S3 client.
 */
public final class Moto implements AutoCloseable {
    public static final String SETUP =
            "python3 -m venv tier/target/motovenv && tier/target/motovenv/bin/pip install"
                    + " 'moto[server]'";
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final int port;

    private Moto(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts moto on a free loopback port, logging to {@code log}; skips the test without it. */
    public static Moto startOrSkip(Path log) throws IOException {
        Path venv =
                Path.of(
                        System.getProperty(
                                "bolide.moto.venv",
                                Path.of("..", "tier", "target", "motovenv").toString()));
        Path server = venv.toAbsolutePath().normalize().resolve("bin").resolve("moto_server");
        Assumptions.assumeTrue(Files.isExecutable(server), "no moto at " + server + "; " + SETUP);
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process process =
                new ProcessBuilder(server.toString(), "-H", "127.0.0.1", "-p", "" + port)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        Moto moto = new Moto(process, port);
        Await.until(Duration.ofSeconds(60), moto::accepting, "moto listening on " + port);
        return moto;
    }

    private boolean accepting() {
        if (!process.isAlive()) {
            throw new IllegalStateException("moto exited with " + process.exitValue());
        }
        return Moto.accepting(port);
    }

    static boolean accepting(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public int port() {
        return port;
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** Creates {@code bucket} (moto starts empty). */
    public void createBucket(String bucket) throws IOException, InterruptedException {
        HttpResponse<String> response =
                HTTP.send(
                        HttpRequest.newBuilder(URI.create(endpoint() + "/" + bucket))
                                .PUT(HttpRequest.BodyPublishers.noBody())
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(
                    "creating bucket " + bucket + ": " + response.statusCode() + response.body());
        }
    }

    /** Keys of {@code bucket} under {@code prefix}, as moto's ListObjects answers (raw XML). */
    public String listXml(String bucket, String prefix) throws IOException, InterruptedException {
        return HTTP.send(
                        HttpRequest.newBuilder(
                                        URI.create(endpoint() + "/" + bucket + "?prefix=" + prefix))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
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
