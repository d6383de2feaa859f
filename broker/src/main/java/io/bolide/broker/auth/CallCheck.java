package io.bolide.broker.auth;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;

/**
 * ACL 2.0 for gRPC calls: the same users, secrets and policies as the remoting port's {@link
 * AuthGate}, with the signature the RocketMQ 5 SDKs put in every call's metadata. The SDK sends
 * {@code x-mq-date-time} (its clock, {@code yyyyMMdd'T'HHmmss'Z'}) and {@code authorization}:
 * {@code MQv2-HMAC-SHA1 Credential=<accessKey>, SignedHeaders=x-mq-date-time, Signature=<hex>}, the
 * signature being the HMAC-SHA1 of the date-time text keyed with the secret. The reference proxy
 * checks that signature and nothing else of the metadata; so does this. Every call is checked on
 * its own, nothing is remembered between calls on a connection.
 */
public final class CallCheck {
    private static final String ALGORITHM = "MQv2-HMAC-SHA1";

    private final AuthStore store;
    private final boolean authenticating;
    private final boolean authorizing;

    CallCheck(AuthStore store, AuthSettings settings) {
        this.store = store;
        this.authenticating = settings.authenticationEnabled();
        this.authorizing = settings.authorizationEnabled();
    }

    /**
     * Null when the call is allowed, else the reference's reason.
     *
     * @param authorization the {@code authorization} metadata value, or null
     * @param dateTime the {@code x-mq-date-time} metadata value, or null
     * @param source the caller's address (policies' source ranges), or null
     * @param sourceText the caller's address as printed in a refusal
     */
    public String refusal(
            String authorization,
            String dateTime,
            CallNeeds needs,
            InetAddress source,
            String sourceText) {
        AuthState state = store.state();
        Credential credential = Credential.parse(authorization);
        User user = null;
        if (authenticating) {
            if (credential == null || credential.accessKey().isEmpty()) {
                return SignatureCheck.NO_USERNAME;
            }
            user = state.user(credential.accessKey());
            if (user == null) {
                return "User:" + credential.accessKey() + " is not found.";
            }
            if (!user.isEnabled()) {
                return "User:" + user.name() + " is disabled.";
            }
            if (dateTime == null || !signed(user, dateTime, credential.signature())) {
                return SignatureCheck.BAD_SIGNATURE;
            }
        }
        if (!authorizing || needs.needs.count() == 0) {
            return null;
        }
        if (user == null) {
            if (credential == null || credential.accessKey().isEmpty()) {
                return AuthGate.AUTHORIZATION_FAILED;
            }
            user = state.user(credential.accessKey());
            if (user == null) {
                return "User:" + credential.accessKey() + " not found.";
            }
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

    /** Whether {@code signature} is the HMAC-SHA1 of the date-time under the user's secret. */
    private static boolean signed(User user, String dateTime, byte[] signature) {
        if (signature == null || signature.length != HmacSha1.LENGTH) {
            return false;
        }
        SigningScratch scratch = SigningScratch.get();
        byte[] text = dateTime.getBytes(StandardCharsets.UTF_8);
        scratch.hmac.start(user);
        scratch.hmac.update(text, 0, text.length);
        scratch.hmac.finish(user, scratch.digest);
        int diff = 0;
        for (int i = 0; i < HmacSha1.LENGTH; i++) {
            diff |= scratch.digest[i] ^ signature[i];
        }
        return diff == 0;
    }

    /** The parts of the {@code authorization} value the check uses. */
    private record Credential(String accessKey, byte[] signature) {
        /** Null when the value is missing or not in the SDK's form. */
        static Credential parse(String value) {
            if (value == null || value.isEmpty()) {
                return null;
            }
            String[] algorithmAndRest = value.split(" ", 2);
            if (algorithmAndRest.length != 2 || !ALGORITHM.equals(algorithmAndRest[0])) {
                return null;
            }
            String accessKey = null;
            byte[] signature = null;
            for (String part : algorithmAndRest[1].split(",")) {
                String[] kv = part.trim().split("=", 2);
                if (kv.length != 2) {
                    return null;
                }
                if ("Credential".equals(kv[0])) {
                    accessKey = kv[1].split("/", -1)[0];
                } else if ("Signature".equals(kv[0])) {
                    signature = hex(kv[1]);
                }
            }
            return accessKey == null ? null : new Credential(accessKey, signature);
        }

        private static byte[] hex(String text) {
            if ((text.length() & 1) != 0) {
                return null;
            }
            byte[] bytes = new byte[text.length() / 2];
            for (int i = 0; i < bytes.length; i++) {
                int hi = Character.digit(text.charAt(2 * i), 16);
                int lo = Character.digit(text.charAt(2 * i + 1), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                bytes[i] = (byte) (hi << 4 | lo);
            }
            return bytes;
        }
    }
}
