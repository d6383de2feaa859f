package io.bolide.protocol.body;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Null-tolerant unmodifiable copies for record components. Iteration order is kept (unlike {@code
 * List.copyOf}/{@code Map.copyOf}) so a body re-encodes in the order it was built or decoded, and
 * null elements are kept because the peer may send them.
 */
final class Frozen {
    private Frozen() {}

    static <T> List<T> list(List<T> source) {
        return source == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(source));
    }

    static <T> Set<T> set(Set<T> source) {
        return source == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(source));
    }

    static <K, V> Map<K, V> map(Map<K, V> source) {
        return source == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(source));
    }

    /** Like {@link #map} but keeps null: for properties whose absence means something. */
    static <K, V> Map<K, V> mapOrNull(Map<K, V> source) {
        return source == null ? null : map(source);
    }

    /** Like {@link #set} but keeps null: for properties whose absence means something. */
    static <T> Set<T> setOrNull(Set<T> source) {
        return source == null ? null : set(source);
    }

    /** Like {@link #list} but keeps null: for properties whose absence means something. */
    static <T> List<T> listOrNull(List<T> source) {
        return source == null ? null : list(source);
    }
}
