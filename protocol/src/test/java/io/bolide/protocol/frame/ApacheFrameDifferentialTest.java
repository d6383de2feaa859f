package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Frames built by Apache RocketMQ 5.4.0 decode in Bolide to the same command, and frames built by
 * Bolide decode in Apache to the same command; in the binary form the bytes are identical. Random
 * commands from a fixed seed: unicode and JSON-hostile text, null and empty remarks and values,
 * empty and large bodies, request, response and oneway flags.
 */
class ApacheFrameDifferentialTest {
    private static final int ITERATIONS = Integer.getInteger("bolide.diff.iterations", 1_000);
    private static final org.apache.rocketmq.remoting.protocol.LanguageCode[] LANGUAGES =
            org.apache.rocketmq.remoting.protocol.LanguageCode.values();

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldDecodeFramesEncodedByApache(SerializeType type) {
        Random random = new Random(0x5EED_0001L + type.ordinal());
        RandomText text = new RandomText(random);
        for (int i = 0; i < ITERATIONS; i++) {
            org.apache.rocketmq.remoting.protocol.RemotingCommand expected =
                    randomApacheCommand(random, text, type, false);
            ByteBuf frame = ApacheOracle.encode(expected, random.nextBoolean());
            String where = type + " iteration " + i;
            ShortFailures.check(
                    where,
                    () -> {
                        RemotingCommand actual = FrameDecoder.decode(frame);
                        try {
                            assertSameCommand(actual, expected, type, where);
                        } finally {
                            actual.release();
                        }
                    });
            assertThat(frame.refCnt()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldBeDecodedByApacheWhenEncodedByBolide(SerializeType type) {
        Random random = new Random(0x5EED_0002L + type.ordinal());
        RandomText text = new RandomText(random);
        for (int i = 0; i < ITERATIONS; i++) {
            org.apache.rocketmq.remoting.protocol.RemotingCommand source =
                    randomApacheCommand(random, text, type, true);
            source.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.JAVA);
            source.setVersion(CommandEncoder.VERSION);
            ByteBuf frame = encodeWithBolide(source, type);
            boolean nio = random.nextBoolean();
            String where = type + " iteration " + i;
            try {
                ShortFailures.check(
                        where,
                        () -> {
                            org.apache.rocketmq.remoting.protocol.RemotingCommand decoded =
                                    nio
                                            ? ApacheOracle.decodeNio(frame)
                                            : ApacheOracle.decode(frame);
                            assertApacheDecoded(decoded, source, type, where);
                            if (type == SerializeType.ROCKETMQ) {
                                assertByteIdenticalToApache(frame, source, where);
                            }
                        });
            } finally {
                frame.release();
            }
        }
    }

    /**
     * A random command as Apache would send it. With {@code bolideKeys} the ext keys are
     * identifier-like and values non-null, as a Bolide header writes them; otherwise anything.
     */
    static org.apache.rocketmq.remoting.protocol.RemotingCommand randomApacheCommand(
            Random random, RandomText text, SerializeType type, boolean bolideKeys) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(0, null);
        command.setSerializeTypeCurrentRPC(ApacheOracle.apacheType(type.code()));
        boolean binary = type == SerializeType.ROCKETMQ;
        command.setCode(binary ? (short) random.nextInt() : randomInt(random));
        command.setLanguage(LANGUAGES[random.nextInt(LANGUAGES.length)]);
        command.setVersion(binary ? (short) random.nextInt() : randomInt(random));
        command.setOpaque(randomInt(random));
        command.setFlag(randomFlag(random));
        command.setRemark(randomRemark(random, text));
        command.setExtFields(randomExtFields(random, text, bolideKeys));
        command.setBody(randomBody(random));
        return command;
    }

    static int randomInt(Random random) {
        switch (random.nextInt(6)) {
            case 0:
                return 0;
            case 1:
                return Integer.MAX_VALUE;
            case 2:
                return Integer.MIN_VALUE;
            case 3:
                return random.nextInt(1000);
            default:
                return random.nextInt();
        }
    }

    private static int randomFlag(Random random) {
        switch (random.nextInt(5)) {
            case 0:
                return 0;
            case 1:
                return FrameDescriptor.FLAG_RESPONSE;
            case 2:
                return FrameDescriptor.FLAG_ONEWAY;
            case 3:
                return FrameDescriptor.FLAG_RESPONSE | FrameDescriptor.FLAG_ONEWAY;
            default:
                return random.nextInt();
        }
    }

    private static String randomRemark(Random random, RandomText text) {
        switch (random.nextInt(8)) {
            case 0:
            case 1:
                return null;
            case 2:
                return "";
            case 3:
                return text.any(70_000);
            default:
                return text.any(100);
        }
    }

    private static HashMap<String, String> randomExtFields(
            Random random, RandomText text, boolean bolideKeys) {
        int choice = random.nextInt(6);
        if (choice == 0) {
            return null;
        }
        HashMap<String, String> fields = new HashMap<>();
        int count = choice == 1 ? 0 : random.nextInt(choice == 2 ? 60 : 12);
        for (int i = 0; i < count; i++) {
            String key = bolideKeys || random.nextInt(4) > 0 ? text.key(20) : text.nonEmpty(20);
            int kind = random.nextInt(10);
            String value;
            if (kind == 0) {
                value = "";
            } else if (kind == 1 && !bolideKeys) {
                value = null;
            } else if (kind == 2) {
                value = text.any(5_000);
            } else {
                value = text.any(40);
            }
            fields.put(key, value);
        }
        return fields;
    }

    private static byte[] randomBody(Random random) {
        int choice = random.nextInt(10);
        if (choice == 0) {
            return null;
        }
        int length = choice == 1 ? 0 : choice == 2 ? random.nextInt(1 << 20) : random.nextInt(300);
        byte[] body = new byte[length];
        random.nextBytes(body);
        return body;
    }

    private static void assertSameCommand(
            RemotingCommand actual,
            org.apache.rocketmq.remoting.protocol.RemotingCommand expected,
            SerializeType type,
            String where) {
        boolean binary = type == SerializeType.ROCKETMQ;
        assertThat(actual.serializeType()).as(where).isEqualTo(type);
        assertThat(actual.code()).as(where).isEqualTo(expected.getCode());
        assertThat(actual.language()).as(where).isEqualTo((byte) expected.getLanguage().ordinal());
        assertThat(actual.version()).as(where).isEqualTo(expected.getVersion());
        assertThat(actual.opaque()).as(where).isEqualTo(expected.getOpaque());
        assertThat(actual.flag()).as(where).isEqualTo(expected.getFlag());
        assertThat(actual.isResponse()).as(where).isEqualTo(expected.isResponseType());
        assertThat(actual.isOneway()).as(where).isEqualTo(expected.isOnewayRPC());
        String remark = expected.getRemark();
        assertThat(actual.remark())
                .as(where)
                .isEqualTo(binary && remark != null && remark.isEmpty() ? null : remark);
        Map<String, String> fields = expected.getExtFields();
        // The binary form skips null values, and an empty map there is no map.
        boolean present =
                fields != null && !(binary && fields.values().stream().allMatch(v -> v == null));
        assertThat(actual.hasExtFields()).as(where).isEqualTo(present);
        assertThat(actual.extFieldMap()).as(where).isEqualTo(readable(fields, binary));
        byte[] body = expected.getBody() == null ? new byte[0] : expected.getBody();
        assertThat(actual.bodyLength()).as(where).isEqualTo(body.length);
        assertThat(ApacheOracle.bytes(actual.body())).as(where).isEqualTo(body);
    }

    /** What a reader sees of {@code fields}: no null values, and in binary no empty values. */
    private static Map<String, String> readable(Map<String, String> fields, boolean binary) {
        Map<String, String> map = new HashMap<>();
        if (fields != null) {
            fields.forEach(
                    (k, v) -> {
                        if (v != null && !(binary && v.isEmpty())) {
                            map.put(k, v);
                        }
                    });
        }
        return map;
    }

    private static ByteBuf encodeWithBolide(
            org.apache.rocketmq.remoting.protocol.RemotingCommand source, SerializeType type) {
        Map<String, String> fields = source.getExtFields();
        CommandHeader header =
                fields == null
                        ? null
                        : (out, writer) ->
                                fields.forEach(
                                        (k, v) ->
                                                writer.putString(
                                                        out,
                                                        k.getBytes(StandardCharsets.UTF_8),
                                                        v));
        ByteBuf body =
                source.getBody() == null
                        ? Unpooled.EMPTY_BUFFER
                        : Unpooled.wrappedBuffer(source.getBody());
        ByteBuf frame = Unpooled.buffer();
        CommandEncoder.encodeWithBody(
                frame,
                type,
                source.getCode(),
                source.getOpaque(),
                source.getFlag(),
                source.getRemark(),
                header,
                body);
        return frame;
    }

    private static void assertApacheDecoded(
            org.apache.rocketmq.remoting.protocol.RemotingCommand decoded,
            org.apache.rocketmq.remoting.protocol.RemotingCommand source,
            SerializeType type,
            String where) {
        boolean binary = type == SerializeType.ROCKETMQ;
        assertThat(decoded.getSerializeTypeCurrentRPC())
                .as(where)
                .isEqualTo(ApacheOracle.apacheType(type.code()));
        assertThat(decoded.getCode()).as(where).isEqualTo(source.getCode());
        assertThat(decoded.getLanguage())
                .as(where)
                .isEqualTo(org.apache.rocketmq.remoting.protocol.LanguageCode.JAVA);
        assertThat(decoded.getVersion()).as(where).isEqualTo(CommandEncoder.VERSION);
        assertThat(decoded.getOpaque()).as(where).isEqualTo(source.getOpaque());
        assertThat(decoded.getFlag()).as(where).isEqualTo(source.getFlag());
        String remark = source.getRemark();
        assertThat(decoded.getRemark())
                .as(where)
                .isEqualTo(binary && remark != null && remark.isEmpty() ? null : remark);
        assertThat(decoded.getExtFields()).as(where).isEqualTo(apacheView(source, binary));
        byte[] body = source.getBody();
        assertThat(decoded.getBody())
                .as(where)
                .isEqualTo(body == null || body.length == 0 ? null : body);
    }

    /** The ext map Apache decodes: in binary, empty values read as null and no map as null. */
    private static Map<String, String> apacheView(
            org.apache.rocketmq.remoting.protocol.RemotingCommand source, boolean binary) {
        Map<String, String> fields = source.getExtFields();
        if (fields == null || !binary) {
            return fields;
        }
        if (fields.isEmpty()) {
            return null;
        }
        Map<String, String> view = new HashMap<>();
        fields.forEach((k, v) -> view.put(k, v.isEmpty() ? null : v));
        return view;
    }

    private static void assertByteIdenticalToApache(
            ByteBuf frame,
            org.apache.rocketmq.remoting.protocol.RemotingCommand source,
            String where) {
        ByteBuf apache = ApacheOracle.encode(source, false);
        try {
            assertThat(ApacheOracle.bytes(frame)).as(where).isEqualTo(ApacheOracle.bytes(apache));
        } finally {
            apache.release();
        }
    }
}
