package io.bolide.broker.auth;

import java.nio.charset.StandardCharsets;

/**
 * One authentication user: name, secret (the reference calls it password), Super or Normal, enabled
 * or disabled. Immutable: a change replaces the object, so a {@link javax.crypto.Mac} cached for it
 * can never sign with a stale secret.
 */
final class User {
    private final String name;
    private final String password;
    private final boolean superUser;
    private final boolean enabled;
    private final byte[] nameBytes;
    private final byte[] innerPad;
    private final byte[] outerPad;

    User(String name, String password, boolean superUser, boolean enabled) {
        this.name = name;
        this.password = password;
        this.superUser = superUser;
        this.enabled = enabled;
        this.nameBytes = name.getBytes(StandardCharsets.UTF_8);
        byte[][] pads = HmacSha1.pads(password.getBytes(StandardCharsets.UTF_8));
        this.innerPad = pads[0];
        this.outerPad = pads[1];
    }

    String name() {
        return name;
    }

    String password() {
        return password;
    }

    boolean isSuper() {
        return superUser;
    }

    boolean isEnabled() {
        return enabled;
    }

    /** The name as UTF-8, matched against the AccessKey bytes of a request. */
    byte[] nameBytes() {
        return nameBytes;
    }

    /** The secret XOR-ed with HMAC's inner pad (one 64-byte block). */
    byte[] innerPad() {
        return innerPad;
    }

    /** The secret XOR-ed with HMAC's outer pad. */
    byte[] outerPad() {
        return outerPad;
    }

    @Override
    public String toString() {
        return "User[" + name + (superUser ? ", Super" : ", Normal") + "]";
    }
}
