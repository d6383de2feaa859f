package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Namespaced string settings kept by the name server for clients and tools (e.g. {@code
 * ORDER_TOPIC_CONFIG}: topic to {@code "brokerA:4;brokerB:4"}). When given a file, every change is
 * written to it (in the reference's {@code kvConfig.json} form) and it is read at start-up; changes
 * are rare admin operations, so writing the whole table each time is cheap enough.
 */
final class KvConfigTable {
    /** Namespace of the ordered-topic layouts, handed to brokers when they register. */
    static final String ORDER_TOPIC_CONFIG = "ORDER_TOPIC_CONFIG";

    /** The file's shape: {@code {"configTable":{namespace:{key:value}}}}. */
    record KvConfigFile(Map<String, Map<String, String>> configTable) {}

    private final Map<String, Map<String, String>> namespaces = new TreeMap<>();
    private final Path file;

    /** A table in memory only. */
    KvConfigTable() {
        this.file = null;
    }

    /** A table kept in {@code file}, loaded from it if it exists. */
    KvConfigTable(Path file) {
        this.file = file;
        if (Files.exists(file)) {
            KvConfigFile stored = load(file);
            if (stored.configTable() != null) {
                stored.configTable()
                        .forEach((ns, entries) -> namespaces.put(ns, new TreeMap<>(entries)));
            }
        }
    }

    private static KvConfigFile load(Path file) {
        try {
            return BodyCodec.decode(Files.readAllBytes(file), KvConfigFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    synchronized void put(String namespace, String key, String value) {
        namespaces.computeIfAbsent(namespace, n -> new TreeMap<>()).put(key, value);
        persist();
    }

    /** The value, or null when absent. */
    synchronized String get(String namespace, String key) {
        Map<String, String> entries = namespaces.get(namespace);
        return entries == null ? null : entries.get(key);
    }

    synchronized void delete(String namespace, String key) {
        Map<String, String> entries = namespaces.get(namespace);
        if (entries != null && entries.remove(key) != null) {
            if (entries.isEmpty()) {
                namespaces.remove(namespace);
            }
            persist();
        }
    }

    /** A copy of the namespace's entries, or null when it has none. */
    synchronized Map<String, String> namespace(String namespace) {
        Map<String, String> entries = namespaces.get(namespace);
        return entries == null || entries.isEmpty() ? null : new LinkedHashMap<>(entries);
    }

    /** Writes the table beside the file, then moves it over, so a crash leaves one or the other. */
    private void persist() {
        if (file == null) {
            return;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
            Files.write(temp, BodyCodec.encode(new KvConfigFile(namespaces)));
            Files.move(
                    temp,
                    file,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
