package io.bolide.broker.filter;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled SQL92 filters of pulls that carry their own expression (lite pull consumers, the Go
 * client), one per group and topic: compiled when the expression first arrives or changes, reused
 * by every later pull. Bounded: past {@link #MAX_ENTRIES} the table starts over.
 */
public final class SqlFilterCache {
    static final int MAX_ENTRIES = 10_000;

    private final ConcurrentHashMap<String, SqlRecordFilter> filters = new ConcurrentHashMap<>();

    public SqlRecordFilter get(String group, String topic, String expression) {
        String key = group + '@' + topic;
        SqlRecordFilter cached = filters.get(key);
        if (cached != null && cached.expression().equals(expression)) {
            return cached;
        }
        SqlRecordFilter compiled = SqlRecordFilter.compile(expression);
        if (filters.size() >= MAX_ENTRIES) {
            filters.clear();
        }
        filters.put(key, compiled);
        return compiled;
    }
}
