package io.bolide.tier;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * moto's S3-compatible server as a child process, from the venv under this module's target
 * directory (system property {@code bolide.moto.venv}); a test using it is skipped, saying why,
 * where there is none.
 */
final class MotoServer implements AutoCloseable {
    static final String SETUP =
            "python3 -m venv tier/target/motovenv && tier/target/motovenv/bin/pip install"
                    + " 'moto[server]'";

    private final Process process;
    private final int port;

    private MotoServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts moto on a free port and waits until it accepts connections; skips without moto. */
    static MotoServer start() throws IOException {
        Path venv = Path.of(System.getProperty("bolide.moto.venv", "none"));
        Path server = venv.resolve("bin").resolve("moto_server");
        assumeTrue(Files.isExecutable(server), "no moto server at " + server + "; " + SETUP);
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process process =
                new ProcessBuilder(server.toString(), "-H", "127.0.0.1", "-p", "" + port)
                        .redirectErrorStream(true)
                        .redirectOutput(venv.resolveSibling("moto-" + port + ".log").toFile())
                        .start();
        MotoServer moto = new MotoServer(process, port);
        Await.until(Duration.ofSeconds(60), moto::accepting, "moto listening on " + port);
        return moto;
    }

    private boolean accepting() {
        if (!process.isAlive()) {
            throw new IllegalStateException("moto exited with " + process.exitValue());
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** Settings for {@code bucket} on this server, path-style, with moto's dummy credentials. */
    S3Settings settings(String bucket, String prefix) {
        return new S3Settings(
                endpoint(), "us-east-1", bucket, prefix, true, "test", "test", 8L << 20, 5L << 20);
    }

    /** Creates {@code bucket} (moto starts empty). */
    void createBucket(String bucket) {
        try (S3Client client =
                S3Client.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .region(Region.US_EAST_1)
                        .forcePathStyle(true)
                        .endpointOverride(URI.create(endpoint()))
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create("test", "test")))
                        .build()) {
            client.createBucket(b -> b.bucket(bucket));
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
