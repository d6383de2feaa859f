package io.bolide.broker.grpc;

/** Strings that go into the stored properties text, where 0x01 and 0x02 are separators. */
final class Texts {
    private Texts() {}

    /** Whether {@code s} is non-empty and holds no separator byte. */
    static boolean clean(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 1 || c == 2) {
                return false;
            }
        }
        return true;
    }
}
