package io.bolide.broker.auth;

import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.RemotingCommand;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Checks the signature the official client's {@code AclClientRPCHook} puts on every request: the
 * client adds {@code AccessKey} (and {@code SecurityToken} when it has one) to the ext fields,
 * sorts all ext fields by key (Java string order), concatenates their values (not the keys) as
 * UTF-8, appends the body, and sends the Base64 HMAC-SHA1 of that under the key {@code Signature}.
 * The reference broker recomputes it over the fields it received minus {@code Signature} (and minus
 * {@code _UNIQUE_KEY_QUERY} from clients up to 4.9.3); so does this, in place.
 *
 * <p>One stricter rule: a key sent twice with different values is refused. The reference keeps one
 * of them in a map, but a handler reading the other would act on a value nobody signed.
 */
final class SignatureCheck {
    static final String NO_USERNAME = "username cannot be null.";
    static final String BAD_SIGNATURE = "check signature failed.";
    private static final byte[] ACCESS_KEY = ascii("AccessKey");
    private static final byte[] SIGNATURE = ascii("Signature");
    private static final byte[] UNIQUE_KEY_QUERY = ascii("_UNIQUE_KEY_QUERY");

    /** The version ordinal of 4.9.3: clients up to it did not sign {@code _UNIQUE_KEY_QUERY}. */
    private static final int V4_9_3 = 399;

    private static final Base64.Encoder BASE64 = Base64.getEncoder();

    private SignatureCheck() {}

    /**
     * The user whose signature {@code request} carries, or null with {@code scratch.remark} set to
     * the reference's reason.
     */
    static User authenticate(RemotingCommand request, UserIndex users, SigningScratch scratch) {
        scratch.reset();
        int accessKey = -1;
        int signature = -1;
        ExtFieldCursor fields = request.extFields();
        while (fields.next()) {
            int i = scratch.add(fields);
            if (scratch.keyIs(i, ACCESS_KEY)) {
                accessKey = i;
            } else if (scratch.keyIs(i, SIGNATURE)) {
                signature = i;
            }
        }
        if (accessKey < 0 || scratch.valueLength[accessKey] == 0) {
            scratch.remark = NO_USERNAME;
            return null;
        }
        int from = scratch.valueFrom[accessKey];
        int length = scratch.valueLength[accessKey];
        User user = users.find(scratch.values, from, length);
        if (user == null) {
            String name = new String(scratch.values, from, length, StandardCharsets.UTF_8);
            scratch.remark = "User:" + name + " is not found.";
            return null;
        }
        if (!user.isEnabled()) {
            scratch.remark = "User:" + user.name() + " is disabled.";
            return null;
        }
        if (signature < 0 || !matches(request, user, scratch, signature)) {
            scratch.remark = BAD_SIGNATURE;
            return null;
        }
        return user;
    }

    private static boolean matches(
            RemotingCommand request, User user, SigningScratch s, int signature) {
        HmacSha1 mac = s.hmac;
        mac.start(user);
        if (!signFields(request, s, mac)) {
            return false;
        }
        signBody(request, s, mac);
        mac.finish(user, s.digest);
        int encoded = BASE64.encode(s.digest, s.encoded);
        int from = s.valueFrom[signature];
        return s.valueLength[signature] == encoded
                && constantTimeEquals(s.values, from, s.encoded, encoded);
    }

    /** Feeds the values in key order; false when a key repeats with another value. */
    private static boolean signFields(RemotingCommand request, SigningScratch s, HmacSha1 mac) {
        KeyOrder.sort(s);
        boolean skipUniqueKey = request.version() <= V4_9_3;
        int previous = -1;
        for (int k = 0; k < s.count; k++) {
            int field = s.order[k];
            if (previous >= 0 && s.sameKey(previous, field)) {
                if (!s.sameValue(previous, field)) {
                    return false;
                }
                continue;
            }
            previous = field;
            if (s.keyIs(field, SIGNATURE) || (skipUniqueKey && s.keyIs(field, UNIQUE_KEY_QUERY))) {
                continue;
            }
            mac.update(s.values, s.valueFrom[field], s.valueLength[field]);
        }
        return true;
    }

    private static void signBody(RemotingCommand request, SigningScratch s, HmacSha1 mac) {
        ByteBuf frame = request.frame();
        int index = request.bodyIndex();
        int left = request.bodyLength();
        if (frame.hasArray()) {
            mac.update(frame.array(), frame.arrayOffset() + index, left);
            return;
        }
        while (left > 0) {
            int n = Math.min(left, s.chunk.length);
            frame.getBytes(index, s.chunk, 0, n);
            mac.update(s.chunk, 0, n);
            index += n;
            left -= n;
        }
    }

    /** Compares without an early exit, so timing tells nothing about how much matched. */
    private static boolean constantTimeEquals(byte[] a, int from, byte[] b, int length) {
        int diff = 0;
        for (int i = 0; i < length; i++) {
            diff |= a[from + i] ^ b[i];
        }
        return diff == 0;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
