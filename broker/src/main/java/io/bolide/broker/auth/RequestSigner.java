package io.bolide.broker.auth;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

/**
 * Signs the broker's own requests (to name servers) as the official client's hook does, with the
 * {@code innerClientAuthenticationCredentials}: the header's fields plus {@code AccessKey}, values
 * in key order, then the body, HMAC-SHA1, Base64 under {@code Signature}. Registration is not a hot
 * path: this builds a map per call.
 */
public final class RequestSigner {
    private static final byte[] ACCESS_KEY = "AccessKey".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SIGNATURE = "Signature".getBytes(StandardCharsets.US_ASCII);

    private final User user;

    RequestSigner(String accessKey, String secretKey) {
        this.user = new User(accessKey, secretKey, true, true);
    }

    /** {@code header} with the credentials and the signature over it and {@code body} added. */
    public CommandHeader sign(CommandHeader header, byte[] body) {
        Map<String, String> fields = new TreeMap<>();
        if (header != null) {
            header.encode(null, new Capture(fields));
        }
        fields.put("AccessKey", user.name());
        HmacSha1 mac = new HmacSha1();
        mac.start(user);
        for (String value : fields.values()) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            mac.update(bytes, 0, bytes.length);
        }
        if (body != null) {
            mac.update(body, 0, body.length);
        }
        byte[] digest = new byte[HmacSha1.LENGTH];
        mac.finish(user, digest);
        String signature = Base64.getEncoder().encodeToString(digest);
        return (out, writer) -> {
            if (header != null) {
                header.encode(out, writer);
            }
            writer.putString(out, ACCESS_KEY, user.name());
            writer.putString(out, SIGNATURE, signature);
        };
    }

    /** Collects what a header writes, as the text each value has on the wire. */
    private record Capture(Map<String, String> fields) implements ExtFieldWriter {
        @Override
        public void putString(ByteBuf out, byte[] key, String value) {
            if (value != null) {
                fields.put(new String(key, StandardCharsets.US_ASCII), value);
            }
        }

        @Override
        public void putLong(ByteBuf out, byte[] key, long value) {
            fields.put(new String(key, StandardCharsets.US_ASCII), Long.toString(value));
        }

        @Override
        public void putBoolean(ByteBuf out, byte[] key, boolean value) {
            fields.put(new String(key, StandardCharsets.US_ASCII), Boolean.toString(value));
        }
    }
}
