package io.bolide.broker.auth;

import java.util.Arrays;
import java.util.Set;

/** A set of request codes looked up without boxing: a sorted array and a binary search. */
final class CodeSet {
    private final int[] codes;

    CodeSet(Set<Integer> codes) {
        this.codes = codes.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    boolean contains(int code) {
        return codes.length != 0 && Arrays.binarySearch(codes, code) >= 0;
    }
}
