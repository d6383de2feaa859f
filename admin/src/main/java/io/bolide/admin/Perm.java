package io.bolide.admin;

/** A topic's permission bits as operators read them: R (4), W (2), X for inherit (1). */
final class Perm {
    private static final int READ = 4;
    private static final int WRITE = 2;
    private static final int INHERIT = 1;

    private Perm() {}

    static String text(int perm) {
        StringBuilder text = new StringBuilder(3);
        text.append((perm & READ) != 0 ? 'R' : '-');
        text.append((perm & WRITE) != 0 ? 'W' : '-');
        text.append((perm & INHERIT) != 0 ? 'X' : '-');
        return text.toString();
    }
}
