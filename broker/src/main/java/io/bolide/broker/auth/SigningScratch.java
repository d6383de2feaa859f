package io.bolide.broker.auth;

import io.bolide.protocol.frame.ExtFieldCursor;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.Arrays;

/**
 * One I/O thread's working space for checking signatures: the request's ext fields copied into flat
 * arrays (keys and values side by side, then sorted by index), the digest and its Base64 form, and
 * an initialised {@link Mac} per user. Reused for every request, so a check allocates nothing once
 * the arrays have grown to the largest header seen.
 */
final class SigningScratch {
    private static final FastThreadLocal<SigningScratch> PER_THREAD =
            new FastThreadLocal<>() {
                @Override
                protected SigningScratch initialValue() {
                    return new SigningScratch();
                }
            };

    byte[] keys = new byte[512];
    byte[] values = new byte[2048];
    int[] keyFrom = new int[32];
    int[] keyLength = new int[32];
    int[] valueFrom = new int[32];
    int[] valueLength = new int[32];
    int[] order = new int[32];
    int count;

    /**
     * The key order of the last request sorted afresh on this thread ({@link KeyOrder#sort} tries
     * it first), and how many fields it had; -1 before any.
     */
    int[] lastOrder = new int[32];

    int lastCount = -1;
    private int keysUsed;
    private int valuesUsed;

    final byte[] digest = new byte[20];
    final byte[] encoded = new byte[28];
    final byte[] chunk = new byte[4096];

    /** Why the last check failed: the reference's remark. */
    String remark;

    final HmacSha1 hmac = new HmacSha1();

    static SigningScratch get() {
        return PER_THREAD.get();
    }

    void reset() {
        count = 0;
        keysUsed = 0;
        valuesUsed = 0;
        remark = null;
    }

    /** Copies the cursor's current field; returns its index. */
    int add(ExtFieldCursor field) {
        if (count == order.length) {
            growFields();
        }
        int keyLen = field.keyLength();
        if (keysUsed + keyLen > keys.length) {
            keys = Arrays.copyOf(keys, Math.max(keys.length * 2, keysUsed + keyLen));
        }
        for (int i = 0; i < keyLen; i++) {
            keys[keysUsed + i] = field.keyByte(i);
        }
        int valueLen;
        while ((valueLen = field.copyValueTo(values, valuesUsed)) < 0) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        int i = count++;
        keyFrom[i] = keysUsed;
        keyLength[i] = keyLen;
        valueFrom[i] = valuesUsed;
        valueLength[i] = valueLen;
        order[i] = i;
        keysUsed += keyLen;
        valuesUsed += valueLen;
        return i;
    }

    /** Keeps {@code order} as the one {@link KeyOrder#sort} tries first for the next request. */
    void rememberOrder() {
        if (lastOrder.length < count) {
            lastOrder = new int[order.length];
        }
        System.arraycopy(order, 0, lastOrder, 0, count);
        lastCount = count;
    }

    private void growFields() {
        int n = order.length * 2;
        keyFrom = Arrays.copyOf(keyFrom, n);
        keyLength = Arrays.copyOf(keyLength, n);
        valueFrom = Arrays.copyOf(valueFrom, n);
        valueLength = Arrays.copyOf(valueLength, n);
        order = Arrays.copyOf(order, n);
    }

    boolean keyIs(int field, byte[] ascii) {
        return keyLength[field] == ascii.length
                && Arrays.equals(
                        keys,
                        keyFrom[field],
                        keyFrom[field] + ascii.length,
                        ascii,
                        0,
                        ascii.length);
    }

    boolean sameKey(int a, int b) {
        return Arrays.equals(
                keys,
                keyFrom[a],
                keyFrom[a] + keyLength[a],
                keys,
                keyFrom[b],
                keyFrom[b] + keyLength[b]);
    }

    boolean sameValue(int a, int b) {
        return Arrays.equals(
                values,
                valueFrom[a],
                valueFrom[a] + valueLength[a],
                values,
                valueFrom[b],
                valueFrom[b] + valueLength[b]);
    }
}
