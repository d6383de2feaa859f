package io.bolide.namesrv;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Namespaced string settings kept by the name server for clients and tools (e.g. {@code
 * ORDER_TOPIC_CONFIG}: topic to {@code "brokerA:4;brokerB:4"}). Held in memory only.
 */
final class KvConfigTable {
    /** Namespace of the ordered-topic layouts, handed to brokers when they register. */
    static final String ORDER_TOPIC_CONFIG = "ORDER_TOPIC_CONFIG";

    private final Map<String, Map<String, String>> namespaces = new ConcurrentHashMap<>();

    void put(String namespace, String key, String value) {
        namespaces.computeIfAbsent(namespace, n -> new ConcurrentHashMap<>()).put(key, value);
    }

    /** The value, or null when absent. */
    String get(String namespace, String key) {
        Map<String, String> entries = namespaces.get(namespace);
        return entries == null ? null : entries.get(key);
    }

    void delete(String namespace, String key) {
        namespaces.computeIfPresent(
                namespace,
                (n, entries) -> {
                    entries.remove(key);
                    return entries.isEmpty() ? null : entries;
                });
    }

    /** A copy of the namespace's entries, or null when it has none. */
    Map<String, String> namespace(String namespace) {
        Map<String, String> entries = namespaces.get(namespace);
        if (entries == null || entries.isEmpty()) {
            return null;
        }
        return new LinkedHashMap<>(entries);
    }
}
