package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;

/**
 * A seeded campaign of forged requests against the signature check, in process: requests signed by
 * the official hook, then changed after signing (a value, the body, the signature, a field added,
 * removed or swapped, another request's signature replayed, another user named). Every change that
 * alters what the scheme signs must be refused. Changes that leave the signed bytes as they were
 * (moving characters across a value boundary, say) are not forgeries of this scheme: it signs the
 * values without their keys, as the reference does (docs/security.md), so they are not counted.
 */
class HostileSignatureTest {
    private static final int ATTEMPTS = 10_000;
    private static final long SEED = Long.getLong("bolide.hostile.seed", 20261125L);
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789%_-:;é世";

    @Test
    void shouldAcceptNoForgery() {
        Random random = new Random(SEED);
        List<Attempt> originals = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            originals.add(original(random));
        }
        int tried = 0;
        int accepted = 0;
        int[] byKind = new int[Mutation.values().length];
        while (tried < ATTEMPTS) {
            Attempt base = originals.get(random.nextInt(originals.size()));
            Mutation kind = Mutation.values()[random.nextInt(Mutation.values().length)];
            Attempt forged = kind.apply(base, originals, random);
            if (forged == null || !forged.differsFrom(base)) {
                continue;
            }
            tried++;
            byKind[kind.ordinal()]++;
            SerializeType type = random.nextBoolean() ? SerializeType.JSON : SerializeType.ROCKETMQ;
            if (verify(forged, type, tried % 64 == 0)) {
                accepted++;
            }
        }
        assertThat(accepted).as("forgeries accepted (seed %d)", SEED).isZero();
        assertThat(Arrays.stream(byKind).min().orElse(0))
                .as("fewest tries of one kind")
                .isGreaterThan(500);
        for (Attempt original : originals.subList(0, 8)) {
            assertThat(verify(original, SerializeType.ROCKETMQ, false)).isTrue();
            assertThat(verify(original, SerializeType.JSON, true)).isTrue();
        }
    }

    /**
     * Encodes the attempt (every 64th with the Apache classes, the rest with Bolide's encoder,
     * which is many times cheaper) and checks it as the gate does.
     */
    private static boolean verify(Attempt attempt, SerializeType type, boolean apache) {
        RemotingCommand decoded;
        if (apache) {
            var command =
                    org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                            attempt.code, null);
            attempt.fields.forEach(command::addExtField);
            command.setBody(attempt.body);
            decoded = Signed.decoded(command, type, false);
        } else {
            ByteBuf frame = Unpooled.wrappedBuffer(new byte[64 * 1024]).clear();
            CommandEncoder.encodeWithBody(
                    frame,
                    type == SerializeType.JSON
                            ? io.bolide.protocol.frame.SerializeType.JSON
                            : io.bolide.protocol.frame.SerializeType.ROCKETMQ,
                    attempt.code,
                    1,
                    0,
                    null,
                    (out, writer) ->
                            attempt.fields.forEach(
                                    (k, v) ->
                                            writer.putString(
                                                    out, k.getBytes(StandardCharsets.UTF_8), v)),
                    attempt.body == null ? null : Unpooled.wrappedBuffer(attempt.body));
            decoded = FrameDecoder.decode(frame);
        }
        try {
            return SignatureCheck.authenticate(
                            decoded, SignatureCheckTest.USERS, SigningScratch.get())
                    != null;
        } finally {
            decoded.release();
        }
    }

    private static Attempt original(Random random) {
        Map<String, String> fields = new HashMap<>();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            fields.put(text(random, 1 + random.nextInt(12)), text(random, 1 + random.nextInt(40)));
        }
        byte[] body = random.nextInt(4) == 0 ? null : bytes(random, random.nextInt(300));
        var signed =
                Signed.request(10 + random.nextInt(400), fields, body, SignatureCheckTest.ALICE);
        return new Attempt(signed.getCode(), new HashMap<>(signed.getExtFields()), body);
    }

    static String text(Random random, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }

    static byte[] bytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    /** A request as sent: code, ext fields (AccessKey and Signature included), body. */
    record Attempt(int code, Map<String, String> fields, byte[] body) {
        /** Whether this changes what the scheme authenticates: signed bytes, user or signature. */
        boolean differsFrom(Attempt base) {
            return !Arrays.equals(
                            Signed.content(fields, body), Signed.content(base.fields, base.body))
                    || !String.valueOf(fields.get("AccessKey")).equals(base.fields.get("AccessKey"))
                    || !String.valueOf(fields.get("Signature"))
                            .equals(base.fields.get("Signature"));
        }

        Attempt with(Map<String, String> newFields, byte[] newBody) {
            return new Attempt(code, newFields, newBody);
        }
    }
}
