package io.bolide.broker;

/** Permission bits of brokers and topics, as RocketMQ's PermName. */
final class Perm {
    static final int INHERIT = 1;
    static final int WRITE = 2;
    static final int READ = 4;

    private Perm() {}

    static boolean readable(int perm) {
        return (perm & READ) != 0;
    }

    static boolean writable(int perm) {
        return (perm & WRITE) != 0;
    }

    static boolean inherits(int perm) {
        return (perm & INHERIT) != 0;
    }
}
