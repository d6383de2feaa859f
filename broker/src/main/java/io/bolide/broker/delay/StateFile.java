package io.bolide.broker.delay;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * A small JSON document of numbers on disk, replaced atomically (temporary file, force, move), so a
 * crash leaves the old or the new content. Reading collects every {@code name: number} pair at any
 * depth, with the name quoted or not: it accepts the reference's {@code delayOffset.json} whether
 * its integer keys were written quoted (fastjson2) or bare (fastjson 1).
 */
final class StateFile {
    private final Path path;

    StateFile(Path path) {
        this.path = path;
    }

    Path path() {
        return path;
    }

    /** The name/number pairs of the file; empty if it does not exist. */
    Map<String, Long> read() throws IOException {
        if (!Files.exists(path)) {
            return Map.of();
        }
        return numbers(Files.readString(path, StandardCharsets.UTF_8));
    }

    void write(String json) throws IOException {
        Files.createDirectories(path.getParent());
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        Files.writeString(tmp, json, StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try {
            Files.move(
                    tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static Map<String, Long> numbers(String text) {
        Map<String, Long> found = new HashMap<>();
        int i = 0;
        while ((i = text.indexOf(':', i)) >= 0) {
            String name = nameBefore(text, i);
            int start = skipSpaces(text, i + 1);
            int end = start;
            if (end < text.length() && text.charAt(end) == '-') {
                end++;
            }
            while (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            }
            if (name != null && end > start && end - start < 19) {
                found.put(name, Long.parseLong(text.substring(start, end)));
            }
            i = end > i ? end : i + 1;
        }
        return found;
    }

    private static String nameBefore(String text, int colon) {
        int end = colon;
        while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        boolean quoted = end > 0 && text.charAt(end - 1) == '"';
        int stop = quoted ? end - 1 : end;
        int start = stop;
        while (start > 0 && Character.isLetterOrDigit(text.charAt(start - 1))) {
            start--;
        }
        if (start == stop || (quoted && (start == 0 || text.charAt(start - 1) != '"'))) {
            return null;
        }
        return text.substring(start, stop);
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
