package io.bolide.remoting.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes changed keys into a server's properties file (broker.conf, namesrv.conf): the line of each
 * changed key (under any of its names) is replaced where it stands, a key the file lacks is
 * appended, and every other line, comments included, stays as it was. The new text goes to a
 * temporary file that is then renamed over the old one, so a crash leaves the old file or the new
 * one, never half of either.
 */
public final class ConfigFileWriter {
    private final Path file;
    private final KeyTable keys;

    public ConfigFileWriter(Path file, KeyTable keys) {
        this.file = file;
        this.keys = keys;
    }

    public Path file() {
        return file;
    }

    /** Rewrites the file with {@code changes} (key name to value text), creating it if needed. */
    public void write(Map<String, String> changes) throws IOException {
        Map<Key<?>, String> pending = new LinkedHashMap<>();
        for (Map.Entry<String, String> change : changes.entrySet()) {
            pending.put(keys.find(change.getKey()), change.getValue());
        }
        List<String> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Key<?> key = keys.find(keyOf(line));
                if (key != null && pending.containsKey(key)) {
                    lines.add(key.name() + "=" + escape(pending.remove(key)));
                } else {
                    lines.add(line);
                }
            }
        }
        for (Map.Entry<Key<?>, String> left : pending.entrySet()) {
            lines.add(left.getKey().name() + "=" + escape(left.getValue()));
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = parent.resolve(file.getFileName() + ".tmp");
        Files.write(temp, lines, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The key a properties line sets, or "" for a comment, a blank or a continuation line. */
    static String keyOf(String line) {
        String text = line.stripLeading();
        if (text.isEmpty() || text.charAt(0) == '#' || text.charAt(0) == '!') {
            return "";
        }
        int end = 0;
        while (end < text.length() && "=: \t\f".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return text.substring(0, end);
    }

    /** {@code value} as Properties.load reads it back. */
    static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
