package io.bolide.broker.auth;

import java.nio.charset.StandardCharsets;

/**
 * Sorts the copied ext fields by key in Java's string order, as the client's {@code TreeMap} does.
 * ASCII keys (all real ones) compare byte by byte; a key with other characters falls back to
 * comparing strings, because UTF-8 byte order and UTF-16 order differ above U+FFFF.
 *
 * <p>A client sends every request of one kind with its fields in the same order (its header's map
 * iteration order), so the order found for the last request on this thread usually sorts the next
 * one too: {@link #sort} tries it first, which costs one comparison per adjacent pair instead of an
 * insertion sort's shifting, and sorts afresh when the keys do not come out non-decreasing (issue
 * #37). Either way the result is checked sorted, so the signed text is the same.
 */
final class KeyOrder {
    private KeyOrder() {}

    /** Puts the fields' indexes into {@code s.order} in key order. */
    static void sort(SigningScratch s) {
        if (s.count == s.lastCount && sortedBy(s, s.lastOrder)) {
            System.arraycopy(s.lastOrder, 0, s.order, 0, s.count);
            return;
        }
        insertionSort(s);
        s.rememberOrder();
    }

    /**
     * Whether {@code order}'s first {@code s.count} indexes put the keys in non-decreasing order.
     */
    static boolean sortedBy(SigningScratch s, int[] order) {
        for (int k = 1; k < s.count; k++) {
            if (compare(s, order[k - 1], order[k]) > 0) {
                return false;
            }
        }
        return true;
    }

    /** Insertion sort of {@code s.order}: headers have a few dozen fields at most. */
    static void insertionSort(SigningScratch s) {
        int[] order = s.order;
        for (int i = 1; i < s.count; i++) {
            int field = order[i];
            int j = i - 1;
            while (j >= 0 && compare(s, order[j], field) > 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = field;
        }
    }

    static int compare(SigningScratch s, int a, int b) {
        byte[] keys = s.keys;
        int aFrom = s.keyFrom[a];
        int bFrom = s.keyFrom[b];
        int n = Math.min(s.keyLength[a], s.keyLength[b]);
        for (int i = 0; i < n; i++) {
            int x = keys[aFrom + i];
            int y = keys[bFrom + i];
            if ((x | y) < 0) {
                return asString(s, a).compareTo(asString(s, b));
            }
            if (x != y) {
                return x - y;
            }
        }
        return s.keyLength[a] - s.keyLength[b];
    }

    private static String asString(SigningScratch s, int field) {
        return new String(s.keys, s.keyFrom[field], s.keyLength[field], StandardCharsets.UTF_8);
    }
}
