package io.bolide.broker.table;

/** Permission bits of brokers and topics, as RocketMQ's PermName. */
public final class Perm {
    static final int INHERIT = 1;
    public static final int WRITE = 2;
    public static final int READ = 4;

    private Perm() {}

    public static boolean readable(int perm) {
        return (perm & READ) != 0;
    }

    public static boolean writable(int perm) {
        return (perm & WRITE) != 0;
    }

    static boolean inherits(int perm) {
        return (perm & INHERIT) != 0;
    }
}
