package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;

/**
 * The key order reused from the previous request (issue #37) gives the same sorted order as a sort
 * afresh, whatever order the next request's fields come in; and a signature check that reuses it
 * still refuses what it refused before.
 */
class KeyOrderTest {
    /** Fills a fresh-for-this-request scratch with {@code keys} in the order given. */
    private static void fill(SigningScratch s, String... keys) {
        s.reset();
        int used = 0;
        for (int i = 0; i < keys.length; i++) {
            byte[] key = keys[i].getBytes(StandardCharsets.UTF_8);
            System.arraycopy(key, 0, s.keys, used, key.length);
            s.keyFrom[i] = used;
            s.keyLength[i] = key.length;
            s.order[i] = i;
            used += key.length;
        }
        s.count = keys.length;
    }

    private static List<String> sorted(SigningScratch s, String... keys) {
        fill(s, keys);
        KeyOrder.sort(s);
        List<String> out = new ArrayList<>();
        for (int k = 0; k < s.count; k++) {
            int f = s.order[k];
            out.add(new String(s.keys, s.keyFrom[f], s.keyLength[f], StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void shouldSortEveryRequestWhateverTheLastOrderWas() {
        SigningScratch s = new SigningScratch();
        assertThat(sorted(s, "topic", "AccessKey", "queueId", "Signature"))
                .containsExactly("AccessKey", "Signature", "queueId", "topic");
        // Same field count, another arrangement: the remembered order does not sort it.
        assertThat(sorted(s, "queueId", "topic", "Signature", "AccessKey"))
                .containsExactly("AccessKey", "Signature", "queueId", "topic");
        // The same arrangement again: the remembered order is reused and is right.
        assertThat(sorted(s, "queueId", "topic", "Signature", "AccessKey"))
                .containsExactly("AccessKey", "Signature", "queueId", "topic");
        // Same positions, other keys that the remembered order leaves unsorted.
        assertThat(sorted(s, "d", "c", "b", "a")).containsExactly("a", "b", "c", "d");
        assertThat(sorted(s, "b", "a")).containsExactly("a", "b");
        assertThat(sorted(s, "k", "k", "a")).containsExactly("a", "k", "k");
        assertThat(sorted(s, "é", "z", "A")).containsExactly("A", "z", "é");
    }

    @Test
    void shouldStillRefuseAWrongSignatureOnceTheOrderIsRemembered() {
        Map<String, String> fields = Map.of("topic", "orders", "queueId", "1", "flag", "0");
        byte[] body = {1, 2, 3};
        SerializeType json = SerializeType.JSON;
        for (int i = 0; i < 3; i++) {
            assertThat(check(Signed.request(10, fields, body, SignatureCheckTest.ALICE), json))
                    .isEqualTo("OK alice");
        }
        var tampered = Signed.request(10, fields, body, SignatureCheckTest.ALICE);
        tampered.setBody(new byte[] {1, 2, 4});
        assertThat(check(tampered, json)).isEqualTo("check signature failed.");
        var wrongKey =
                Signed.request(
                        10,
                        fields,
                        body,
                        new org.apache.rocketmq.acl.common.SessionCredentials("alice", "wrong"));
        assertThat(check(wrongKey, json)).isEqualTo("check signature failed.");
        // A field changed after signing (same keys, same order) is refused too.
        var field = Signed.request(10, fields, null, SignatureCheckTest.ALICE);
        field.addExtField("topic", "payroll");
        assertThat(check(field, json)).isEqualTo("check signature failed.");
        assertThat(check(Signed.request(10, fields, body, SignatureCheckTest.ALICE), json))
                .isEqualTo("OK alice");
    }

    private static String check(
            org.apache.rocketmq.remoting.protocol.RemotingCommand command, SerializeType type) {
        io.bolide.protocol.frame.RemotingCommand decoded = Signed.decoded(command, type, false);
        try {
            SigningScratch scratch = SigningScratch.get();
            User user = SignatureCheck.authenticate(decoded, SignatureCheckTest.USERS, scratch);
            return user == null ? scratch.remark : "OK " + user.name();
        } finally {
            decoded.release();
        }
    }
}
