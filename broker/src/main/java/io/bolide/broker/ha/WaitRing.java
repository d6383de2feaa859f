package io.bolide.broker.ha;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Values kept in ascending order of a {@code long} key, in two parallel ring arrays under one lock:
 * no boxed key and no node per entry, unlike a sorted map. Keys arrive almost in order (sends
 * register right after their appends), so an add shifts at most a few entries from the tail.
 * Entries leave from the head, one per lock hold, so callers complete them outside the lock.
 *
 * @param <V> the value type
 */
final class WaitRing<V> {
    private final ReentrantLock lock = new ReentrantLock();
    private long[] keys = new long[64];
    private Object[] values = new Object[64];
    private int head;
    private int size;

    /**
     * Adds {@code value} under {@code key} unless {@code covered} (read under the lock) is already
     * at or past {@code key}.
     *
     * @return whether it was added
     */
    boolean addUnlessCovered(long key, V value, LongSupplier covered) {
        lock.lock();
        try {
            if (covered.getAsLong() >= key) {
                return false;
            }
            if (size == keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int at = size;
            // Shift larger keys one place towards the tail until the new one fits.
            while (at > 0 && keys[(head + at - 1) & mask] > key) {
                keys[(head + at) & mask] = keys[(head + at - 1) & mask];
                values[(head + at) & mask] = values[(head + at - 1) & mask];
                at--;
            }
            keys[(head + at) & mask] = key;
            values[(head + at) & mask] = value;
            size++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the first value if its key is at or below {@code key}, else null. */
    V pollAtOrBelow(long key) {
        lock.lock();
        try {
            return size > 0 && keys[head] <= key ? pollFirst() : null;
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the first value if {@code test} accepts it, else null. */
    @SuppressWarnings("unchecked")
    V pollFirstIf(Predicate<V> test) {
        lock.lock();
        try {
            return size > 0 && test.test((V) values[head]) ? pollFirst() : null;
        } finally {
            lock.unlock();
        }
    }

    int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    @SuppressWarnings("unchecked")
    private V pollFirst() {
        V value = (V) values[head];
        values[head] = null;
        head = (head + 1) & (keys.length - 1);
        size--;
        return value;
    }

    private void grow() {
        int capacity = keys.length;
        long[] moreKeys = new long[capacity * 2];
        Object[] moreValues = new Object[capacity * 2];
        for (int i = 0; i < size; i++) {
            moreKeys[i] = keys[(head + i) & (capacity - 1)];
            moreValues[i] = values[(head + i) & (capacity - 1)];
        }
        keys = moreKeys;
        values = moreValues;
        head = 0;
    }
}
