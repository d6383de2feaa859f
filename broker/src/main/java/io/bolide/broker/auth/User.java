package io.bolide.broker.auth;

import java.nio.charset.StandardCharsets;
import javax.crypto.spec.SecretKeySpec;

/**
 * One authentication user: name, secret (the reference calls it password), Super or Normal, enabled
 * or disabled. Immutable: a change replaces the object, so a {@link javax.crypto.Mac} cached for it
 * can never sign with a stale secret.
 */
final class User {
    /** The reference's HMAC for request signatures (its {@code AclSigner} default). */
    static final String ALGORITHM = "HmacSHA1";

    private final String name;
    private final String password;
    private final boolean superUser;
    private final boolean enabled;
    private final byte[] nameBytes;
    private final SecretKeySpec key;

    User(String name, String password, boolean superUser, boolean enabled) {
        this.name = name;
        this.password = password;
        this.superUser = superUser;
        this.enabled = enabled;
        this.nameBytes = name.getBytes(StandardCharsets.UTF_8);
        this.key = new SecretKeySpec(password.getBytes(StandardCharsets.UTF_8), ALGORITHM);
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

    /** The secret as an HMAC key, built once. */
    SecretKeySpec key() {
        return key;
    }

    @Override
    public String toString() {
        return "User[" + name + (superUser ? ", Super" : ", Normal") + "]";
    }
}
