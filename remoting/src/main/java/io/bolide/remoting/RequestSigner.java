package io.bolide.remoting;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs a request as the official client's ACL hook does: the header's fields plus {@code
 * AccessKey}, values in key order, then the body, HMAC-SHA1 with the secret key, Base64 under
 * {@code Signature}. Used for a broker's calls to name servers and by {@code bolide admin}; neither
 * is a hot path, so this builds a map and a {@link Mac} per call (the broker's check of incoming
 * signatures is the hot side and has its own allocation-free HMAC).
 */
public final class RequestSigner {
    private static final byte[] ACCESS_KEY = "AccessKey".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SIGNATURE = "Signature".getBytes(StandardCharsets.US_ASCII);
    private static final String ALGORITHM = "HmacSHA1";

    private final String accessKey;
    private final SecretKeySpec secretKey;

    public RequestSigner(String accessKey, String secretKey) {
        if (accessKey == null || accessKey.isEmpty() || secretKey == null || secretKey.isEmpty()) {
            throw new IllegalArgumentException("an access key and a secret key are both needed");
        }
        this.accessKey = accessKey;
        this.secretKey = new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    public String accessKey() {
        return accessKey;
    }

    /** {@code header} with the credentials and the signature over it and {@code body} added. */
    public CommandHeader sign(CommandHeader header, byte[] body) {
        Map<String, String> fields = new TreeMap<>();
        if (header != null) {
            header.encode(null, new Capture(fields));
        }
        fields.put("AccessKey", accessKey);
        Mac mac = newMac();
        for (String value : fields.values()) {
            mac.update(value.getBytes(StandardCharsets.UTF_8));
        }
        if (body != null) {
            mac.update(body);
        }
        String signature = Base64.getEncoder().encodeToString(mac.doFinal());
        return (out, writer) -> {
            if (header != null) {
                header.encode(out, writer);
            }
            writer.putString(out, ACCESS_KEY, accessKey);
            writer.putString(out, SIGNATURE, signature);
        };
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(secretKey);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + ALGORITHM, e);
        }
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
