package io.bolide.broker.auth;

import java.nio.charset.StandardCharsets;

/**
 * Sorts the copied ext fields by key in Java's string order, as the client's {@code TreeMap} does.
 * ASCII keys (all real ones) compare byte by byte; a key with other characters falls back to
 * comparing strings, because UTF-8 byte order and UTF-16 order differ above U+FFFF.
 */
final class KeyOrder {
    private KeyOrder() {}

    /** Insertion sort of {@code s.order}: headers have a few dozen fields at most. */
    static void sort(SigningScratch s) {
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
