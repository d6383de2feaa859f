package io.bolide.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Reads a metrics endpoint as Prometheus does, and checks the text with {@code promtool check
 * metrics} (Debian's {@code prometheus} package; CI installs it).
 */
public final class Scrape {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Scrape() {}

    /** The text {@code http://127.0.0.1:port/metrics} answers, asking for the text format. */
    public static String metrics(int port) {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .header("Accept", "text/plain; version=0.0.4")
                        .timeout(Duration.ofSeconds(10))
                        .build();
        try {
            HttpResponse<String> response =
                    HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("scrape answered " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while scraping", e);
        }
    }

    /** Whether {@code promtool} can be run here. */
    public static boolean promtoolAvailable() {
        return Files.isExecutable(Path.of("/usr/bin/promtool"))
                || Files.isExecutable(Path.of("/usr/local/bin/promtool"));
    }

    /**
     * What {@code promtool check metrics} says of {@code text}: empty when it is valid and lints
     * clean, else promtool's complaints (and exit status).
     */
    public static String promtoolProblems(String text) throws IOException, InterruptedException {
        Process process =
                new ProcessBuilder("promtool", "check", "metrics")
                        .redirectErrorStream(true)
                        .start();
        try (var in = process.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "promtool did not finish in 30 s";
        }
        int status = process.exitValue();
        return status == 0 && output.isBlank() ? "" : "exit " + status + ": " + output;
    }
}
