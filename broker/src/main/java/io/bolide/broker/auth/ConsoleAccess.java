package io.bolide.broker.auth;

import io.bolide.remoting.RequestSigner;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * ACL 2.0 for the web console (#35): the same users, secrets and policies as the remoting port's
 * {@link AuthGate}. A login checks an access key and secret key; the console then keeps only a
 * fingerprint of the secret (SHA-256 of a key this process drew at random and the secret), never
 * the secret. Every later request is checked again against the users as they are now ({@link
 * #recheck}): a deleted or disabled user, or one whose secret changed, is logged out at its next
 * request. Reads are authorized with {@link #refusal} on what the equivalent remoting request
 * needs; changes are signed as the user ({@link #signer}) and pass the remoting gate itself.
 */
public final class ConsoleAccess {
    private static final String FINGERPRINT = "SHA-256";

    private final AuthStore store;
    private final AuthSettings settings;
    private final byte[] fingerprintKey = new byte[32];

    ConsoleAccess(AuthStore store, AuthSettings settings) {
        this.store = store;
        this.settings = settings;
        new SecureRandom().nextBytes(fingerprintKey);
    }

    /** A logged-in user: its name, whether it is a Super user, and its secret's fingerprint. */
    public record Login(String user, boolean superUser, byte[] fingerprint) {}

    /** Whether the console must ask for a login (authentication or authorization is on). */
    public boolean required() {
        return settings.anyEnabled();
    }

    /** The cluster name policies name as {@code Cluster:<name>}. */
    public String clusterName() {
        return settings.clusterName();
    }

    /**
     * The login of {@code accessKey} when {@code secretKey} is its secret and the user is enabled;
     * null otherwise (one answer for every failure: a caller learns no user names).
     */
    public Login login(String accessKey, String secretKey) {
        if (accessKey == null || secretKey == null) {
            return null;
        }
        User user = store.state().user(accessKey);
        if (user == null || !user.isEnabled()) {
            return null;
        }
        byte[] given = fingerprint(secretKey);
        byte[] kept = fingerprint(user.password());
        if (!MessageDigest.isEqual(given, kept)) {
            return null;
        }
        return new Login(user.name(), user.isSuper(), kept);
    }

    /**
     * {@code login} as it stands now when the user still exists, is enabled and has the same secret
     * (its Super flag as it is now); null otherwise.
     */
    public Login recheck(Login login) {
        User user = store.state().user(login.user());
        if (user == null || !user.isEnabled()) {
            return null;
        }
        if (!MessageDigest.isEqual(fingerprint(user.password()), login.fingerprint())) {
            return null;
        }
        return new Login(user.name(), user.isSuper(), login.fingerprint());
    }

    /**
     * Null when {@code user} may do what {@code needs} lists, else the reference's remark, decided
     * exactly as the remoting gate decides it: a Super user may do everything, a Normal one what
     * its policies allow from {@code source}.
     */
    public String refusal(String userName, CallNeeds needs, InetAddress source, String sourceText) {
        if (!settings.authorizationEnabled() || needs.needs.count() == 0) {
            return null;
        }
        AuthState state = store.state();
        User user = state.user(userName);
        if (user == null) {
            return "User:" + userName + " not found.";
        }
        if (!user.isEnabled()) {
            return "User:" + user.name() + " is disabled.";
        }
        if (user.isSuper()) {
            return null;
        }
        int refused = AuthGate.refused(needs.needs, state.acl(user.name()), source);
        return refused < 0 ? null : AuthGate.remark(needs.needs, refused, user, sourceText);
    }

    /** Signs requests as {@code userName} with its secret as it is now; null if it is gone. */
    public RequestSigner signer(String userName) {
        User user = store.state().user(userName);
        return user == null ? null : new RequestSigner(user.name(), user.password());
    }

    private byte[] fingerprint(String secret) {
        try {
            MessageDigest digest = MessageDigest.getInstance(FINGERPRINT);
            digest.update(fingerprintKey);
            return digest.digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no " + FINGERPRINT, e);
        }
    }
}
