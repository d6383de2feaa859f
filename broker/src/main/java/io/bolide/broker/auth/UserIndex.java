package io.bolide.broker.auth;

import java.util.Arrays;
import java.util.Collection;

/**
 * Users by name, looked up by the UTF-8 bytes of a request's AccessKey without building a string:
 * an immutable open-addressing table, replaced whole when a user changes.
 */
final class UserIndex {
    static final UserIndex EMPTY = new UserIndex(java.util.List.of());

    private final User[] slots;
    private final int mask;

    UserIndex(Collection<User> users) {
        int capacity = Integer.highestOneBit(Math.max(4, users.size() * 2 + 1)) << 1;
        slots = new User[capacity];
        mask = capacity - 1;
        for (User user : users) {
            byte[] name = user.nameBytes();
            int i = hash(name, 0, name.length) & mask;
            while (slots[i] != null) {
                i = (i + 1) & mask;
            }
            slots[i] = user;
        }
    }

    /** The user whose name is {@code bytes[from, from + length)}, or null. */
    User find(byte[] bytes, int from, int length) {
        int i = hash(bytes, from, length) & mask;
        for (User user = slots[i]; user != null; user = slots[i]) {
            byte[] name = user.nameBytes();
            if (Arrays.equals(name, 0, name.length, bytes, from, from + length)) {
                return user;
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    private static int hash(byte[] bytes, int from, int length) {
        int h = 1;
        for (int i = from; i < from + length; i++) {
            h = 31 * h + bytes[i];
        }
        return h ^ (h >>> 16);
    }
}
