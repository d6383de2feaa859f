package io.bolide.broker.auth;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One policy type's entries of one user, compiled for the request path: for each resource type and
 * name, the entries that can match it, already in {@link PolicyEntry#PRECEDENCE} order. The list
 * for a name is worked out once (a hash lookup afterwards); the decision is then the first entry
 * that covers the action and the source.
 */
final class RuleSet {
    /** Past this many remembered names per type the memory starts over (names are unbounded). */
    private static final int MAX_REMEMBERED = 4096;

    private static final PolicyEntry[] NONE = {};

    private final List<PolicyEntry> entries;
    private final List<Map<String, PolicyEntry[]>> byName = new ArrayList<>();

    RuleSet(List<PolicyEntry> entries) {
        List<PolicyEntry> sorted = new ArrayList<>(entries);
        sorted.sort(PolicyEntry.PRECEDENCE);
        this.entries = List.copyOf(sorted);
        for (int i = 0; i < ResourceType.values().length; i++) {
            byName.add(new ConcurrentHashMap<>());
        }
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The entry that decides, or null when none applies. */
    PolicyEntry decide(ResourceType type, String name, int needed, InetAddress source) {
        for (PolicyEntry entry : candidates(type, name)) {
            if (entry.applies(needed, source)) {
                return entry;
            }
        }
        return null;
    }

    private PolicyEntry[] candidates(ResourceType type, String name) {
        if (name == null) {
            return match(type, null); // a request without the name: rare, not remembered
        }
        Map<String, PolicyEntry[]> memo = byName.get(type.ordinal());
        PolicyEntry[] found = memo.get(name);
        if (found == null) {
            if (memo.size() >= MAX_REMEMBERED) {
                memo.clear();
            }
            found = match(type, name);
            memo.put(name, found);
        }
        return found;
    }

    private PolicyEntry[] match(ResourceType type, String name) {
        List<PolicyEntry> matching = new ArrayList<>();
        for (PolicyEntry entry : entries) {
            if (entry.resource().matches(type, name)) {
                matching.add(entry);
            }
        }
        return matching.isEmpty() ? NONE : matching.toArray(NONE);
    }
}
