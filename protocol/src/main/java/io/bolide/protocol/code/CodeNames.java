package io.bolide.protocol.code;

import java.util.Arrays;

/**
 * Code → constant name, built once: a sorted {@code int[]} searched by binary search, so looking a
 * name up neither boxes nor reflects (log lines and error remarks sit on the request path).
 */
final class CodeNames {
    private final int[] codes;
    private final String[] names;

    private CodeNames(int[] codes, String[] names) {
        this.codes = codes;
        this.names = names;
    }

    static Builder builder() {
        return new Builder();
    }

    String nameOf(int code) {
        int index = Arrays.binarySearch(codes, code);
        return index >= 0 ? names[index] : "UNKNOWN(" + code + ")";
    }

    /** Collects (code, name) pairs in any order; rejects a code given twice. */
    static final class Builder {
        private int[] codes = new int[64];
        private String[] names = new String[64];
        private int size;

        Builder add(int code, String name) {
            if (size == codes.length) {
                codes = Arrays.copyOf(codes, size * 2);
                names = Arrays.copyOf(names, size * 2);
            }
            codes[size] = code;
            names[size] = name;
            size++;
            return this;
        }

        CodeNames build() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Integer.compare(codes[a], codes[b]));
            int[] sortedCodes = new int[size];
            String[] sortedNames = new String[size];
            for (int i = 0; i < size; i++) {
                sortedCodes[i] = codes[order[i]];
                sortedNames[i] = names[order[i]];
                if (i > 0 && sortedCodes[i] == sortedCodes[i - 1]) {
                    throw new IllegalStateException("duplicate code " + sortedCodes[i]);
                }
            }
            return new CodeNames(sortedCodes, sortedNames);
        }
    }
}
