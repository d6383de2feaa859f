package io.bolide.broker.auth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The ways {@link HostileSignatureTest} changes a signed request after signing. */
enum Mutation {
    CHANGED_VALUE {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            String key = plainKey(fields, r);
            if (key == null) {
                return null;
            }
            String value = fields.get(key);
            int at = r.nextInt(value.length());
            fields.put(
                    key,
                    value.substring(0, at)
                            + HostileSignatureTest.text(r, 1)
                            + value.substring(at + 1));
            return a.with(fields, a.body());
        }
    },
    CHANGED_SIGNATURE {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            char[] signature = fields.get("Signature").toCharArray();
            signature[r.nextInt(signature.length)] =
                    "ABCDEFabcdef0123456789+/=".charAt(r.nextInt(25));
            fields.put("Signature", new String(signature));
            return a.with(fields, a.body());
        }
    },
    TRUNCATED_SIGNATURE {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            String signature = fields.get("Signature");
            int keep = r.nextInt(signature.length());
            if (keep == 0) {
                fields.remove("Signature");
            } else {
                fields.put("Signature", signature.substring(0, keep));
            }
            return a.with(fields, a.body());
        }
    },
    FIELD_ADDED {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            fields.putIfAbsent(
                    "x" + HostileSignatureTest.text(r, 6),
                    HostileSignatureTest.text(r, 1 + r.nextInt(9)));
            return a.with(fields, a.body());
        }
    },
    FIELD_REMOVED {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            String key = plainKey(fields, r);
            if (key == null) {
                return null;
            }
            fields.remove(key);
            return a.with(fields, a.body());
        }
    },
    VALUES_SWAPPED {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            List<String> keys = new ArrayList<>(fields.keySet());
            keys.remove("Signature");
            String one = keys.get(r.nextInt(keys.size()));
            String two = keys.get(r.nextInt(keys.size()));
            String first = fields.get(one);
            fields.put(one, fields.get(two));
            fields.put(two, first);
            return a.with(fields, a.body());
        }
    },
    BODY_CHANGED {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            byte[] body = a.body() == null ? new byte[0] : a.body().clone();
            int how = r.nextInt(3);
            if (how == 0 && body.length > 0) {
                body[r.nextInt(body.length)] ^= (byte) (1 + r.nextInt(255));
            } else if (how == 1 && body.length > 0) {
                body = java.util.Arrays.copyOf(body, r.nextInt(body.length));
            } else {
                body = java.util.Arrays.copyOf(body, body.length + 1 + r.nextInt(8));
            }
            return a.with(a.fields(), body);
        }
    },
    SIGNATURE_REPLAYED {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            fields.put("Signature", all.get(r.nextInt(all.size())).fields().get("Signature"));
            return a.with(fields, a.body());
        }
    },
    OTHER_USER {
        @Override
        HostileSignatureTest.Attempt apply(
                HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r) {
            Map<String, String> fields = new HashMap<>(a.fields());
            fields.put("AccessKey", r.nextBoolean() ? "root" : "bob");
            return a.with(fields, a.body());
        }
    };

    abstract HostileSignatureTest.Attempt apply(
            HostileSignatureTest.Attempt a, List<HostileSignatureTest.Attempt> all, Random r);

    /** A field the client put there itself (not AccessKey, not Signature), or null. */
    private static String plainKey(Map<String, String> fields, Random r) {
        List<String> keys = new ArrayList<>(fields.keySet());
        keys.remove("Signature");
        keys.remove("AccessKey");
        return keys.isEmpty() ? null : keys.get(r.nextInt(keys.size()));
    }
}
