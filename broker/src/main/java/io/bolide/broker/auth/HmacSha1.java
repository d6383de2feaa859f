package io.bolide.broker.auth;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA1 (RFC 2104) over one thread's {@link MessageDigest}, with each user's padded key blocks
 * computed once. Same work as {@link javax.crypto.Mac} (which also re-hashes the inner pad after
 * every reset), but {@code Mac.doFinal} allocates its result on every call and this does not.
 */
final class HmacSha1 {
    static final int LENGTH = 20;
    private static final int BLOCK = 64;

    private final MessageDigest sha1;
    private final byte[] inner = new byte[LENGTH];

    HmacSha1() {
        try {
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-1 in this JVM", e);
        }
    }

    /** The key XOR-ed with the inner (0x36) and outer (0x5c) pads, one block each. */
    static byte[][] pads(byte[] secret) {
        byte[] key = secret;
        if (key.length > BLOCK) {
            try {
                key = MessageDigest.getInstance("SHA-1").digest(key);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("no SHA-1 in this JVM", e);
            }
        }
        byte[] in = new byte[BLOCK];
        byte[] out = new byte[BLOCK];
        for (int i = 0; i < BLOCK; i++) {
            byte k = i < key.length ? key[i] : 0;
            in[i] = (byte) (k ^ 0x36);
            out[i] = (byte) (k ^ 0x5c);
        }
        return new byte[][] {in, out};
    }

    /** Starts a signature with {@code user}'s key. */
    void start(User user) {
        sha1.reset();
        sha1.update(user.innerPad());
    }

    void update(byte[] bytes, int from, int length) {
        sha1.update(bytes, from, length);
    }

    /** Ends the signature, writing its 20 bytes into {@code out}. */
    void finish(User user, byte[] out) {
        try {
            sha1.digest(inner, 0, LENGTH);
            sha1.update(user.outerPad());
            sha1.update(inner);
            sha1.digest(out, 0, LENGTH);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }
}
