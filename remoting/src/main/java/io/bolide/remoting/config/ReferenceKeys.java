package io.bolide.remoting.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How Bolide treats the keys Apache RocketMQ reads from the same file that Bolide does not apply
 * itself: accepted without effect (with the reason, logged at start), or refused (with what to do
 * instead), possibly only for one value. Read from a text table kept next to the key table it
 * completes; its format is described at the top of each table.
 */
public final class ReferenceKeys {
    /** What a file setting the key gets. */
    public enum Treatment {
        /** Accepted; a line at start says it has no effect and why. */
        IGNORED,
        /** Accepted like an ignored key: a name the reference's own samples use, 5.5.0 does not. */
        LEGACY,
        /** Refused: the process does not start. */
        REFUSED
    }

    /** One entry: a key (with the one value refused, or null for any), its treatment, why. */
    public record Entry(String name, String value, Treatment treatment, String reason) {}

    private final Map<String, Entry> accepted;
    private final Map<String, List<Entry>> refused;
    private final List<Entry> entries;

    private ReferenceKeys(List<Entry> entries) {
        this.entries = Collections.unmodifiableList(entries);
        this.accepted = new LinkedHashMap<>();
        this.refused = new LinkedHashMap<>();
        for (Entry entry : entries) {
            if (entry.treatment() == Treatment.REFUSED) {
                refused.computeIfAbsent(entry.name(), n -> new ArrayList<>(2)).add(entry);
            } else if (accepted.put(entry.name(), entry) != null) {
                throw new IllegalStateException("reference key listed twice: " + entry.name());
            }
        }
    }

    /** No reference keys: every key outside the table is unknown. */
    public static ReferenceKeys none() {
        return new ReferenceKeys(List.of());
    }

    /**
     * The table in the resource {@code name} next to {@code owner}.
     *
     * @throws IllegalStateException if it is missing or malformed (a build defect)
     */
    public static ReferenceKeys load(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + name, e);
        }
    }

    /** Parses a table: "[ignored|legacy|refused] reason" sections of "key" or "key=value" lines. */
    static ReferenceKeys parse(String text) {
        List<Entry> entries = new ArrayList<>();
        Treatment treatment = null;
        String reason = null;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                int close = line.indexOf(']');
                treatment = Treatment.valueOf(line.substring(1, close).toUpperCase(Locale.ROOT));
                reason = line.substring(close + 1).strip();
            } else if (treatment == null) {
                throw new IllegalStateException("key before any section: " + line);
            } else {
                int equals = line.indexOf('=');
                String name = equals < 0 ? line : line.substring(0, equals);
                String value = equals < 0 ? null : line.substring(equals + 1);
                entries.add(new Entry(name, value, treatment, reason));
            }
        }
        return new ReferenceKeys(entries);
    }

    /** Every entry, in table order. */
    public List<Entry> entries() {
        return entries;
    }

    /** Whether the reference reads {@code name} and this table says what Bolide does with it. */
    public boolean knows(String name) {
        return accepted.containsKey(name) || refused.containsKey(name);
    }

    /** The refusal of {@code name=value}, or null if that is accepted (or not listed). */
    public Entry refusal(String name, String value) {
        for (Entry entry : refused.getOrDefault(name, List.of())) {
            if (entry.value() == null || entry.value().equalsIgnoreCase(value.strip())) {
                return entry;
            }
        }
        return null;
    }

    /** The accepted entry of {@code name} (ignored or legacy), or null. */
    public Entry accepted(String name) {
        return accepted.get(name);
    }
}
