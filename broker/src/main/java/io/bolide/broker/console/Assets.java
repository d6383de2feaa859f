package io.bolide.broker.console;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The single-page app's files, read from the jar: only names listed in the resource {@code
 * web/assets.txt} are served, so no request path can reach another resource or a file (no traversal
 * to guard). Each is read once and kept: they are a few hundred kilobytes in all.
 */
final class Assets {
    /** A file to send: its bytes and content type. */
    record Asset(byte[] bytes, String contentType) {}

    private static final String ROOT = "web/";

    private static final Map<String, String> TYPES =
            Map.of(
                    "html", "text/html; charset=utf-8",
                    "js", "text/javascript; charset=utf-8",
                    "mjs", "text/javascript; charset=utf-8",
                    "css", "text/css; charset=utf-8",
                    "svg", "image/svg+xml",
                    "txt", "text/plain; charset=utf-8");

    private final Map<String, Asset> cache = new ConcurrentHashMap<>();
    private final Set<String> listed;

    Assets() throws IOException {
        byte[] list = read("assets.txt");
        if (list == null) {
            throw new IOException("the console's asset list web/assets.txt is not in the jar");
        }
        listed =
                Set.copyOf(
                        Arrays.stream(new String(list, StandardCharsets.UTF_8).split("\n"))
                                .map(String::trim)
                                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                                .toList());
    }

    /** The asset for a request path ({@code /} is the app's page), or null. */
    Asset get(String path) {
        String name = path.equals("/") ? "index.html" : path.substring(1);
        if (!listed.contains(name)) {
            return null;
        }
        return cache.computeIfAbsent(name, this::load);
    }

    private Asset load(String name) {
        byte[] bytes;
        try {
            bytes = read(name);
        } catch (IOException e) {
            return null;
        }
        if (bytes == null) {
            return null;
        }
        String extension = name.substring(name.lastIndexOf('.') + 1);
        return new Asset(bytes, TYPES.getOrDefault(extension, "application/octet-stream"));
    }

    private static byte[] read(String name) throws IOException {
        try (InputStream in = Assets.class.getResourceAsStream(ROOT + name)) {
            return in == null ? null : in.readAllBytes();
        }
    }
}
