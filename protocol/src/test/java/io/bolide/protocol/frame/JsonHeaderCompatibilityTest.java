package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JSON header beyond field equality: Bolide writes exactly the bytes Apache 5.4.0 writes for
 * the same command, and reads headers in the other shapes found on the wire (Go's key order and
 * empty remark, arbitrary whitespace, numbers where strings are expected).
 */
class JsonHeaderCompatibilityTest {
    /** Text with every character class fastjson2 escapes or passes through. */
    private static final String ALPHABET =
            "abc\"\\\n\t\r\b\f\u0001\u001f\u007f\u2028<>&'/éß中文\uD83D\uDE00";

    @Test
    void shouldWriteTheSameJsonBytesAsApache() {
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                    org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                            random.nextInt(400), null);
            command.setSerializeTypeCurrentRPC(
                    org.apache.rocketmq.remoting.protocol.SerializeType.JSON);
            command.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.JAVA);
            command.setVersion(CommandEncoder.VERSION);
            command.setOpaque(ApacheFrameDifferentialTest.randomInt(random));
            command.setFlag(random.nextInt(4));
            command.setRemark(random.nextBoolean() ? null : text(random, 30));
            HashMap<String, String> fields = null;
            if (random.nextInt(3) > 0) {
                fields = new HashMap<>();
                for (int k = random.nextInt(8); k > 0; k--) {
                    fields.put("k" + random.nextInt(1000), text(random, 20));
                }
            }
            command.setExtFields(fields);
            ByteBuf apache = ApacheOracle.encode(command, false);
            ByteBuf ours = Unpooled.buffer();
            Map<String, String> order = fields;
            CommandEncoder.encode(
                    ours,
                    SerializeType.JSON,
                    command.getCode(),
                    command.getOpaque(),
                    command.getFlag(),
                    command.getRemark(),
                    order == null
                            ? null
                            : (out, writer) ->
                                    order.forEach(
                                            (k, v) ->
                                                    writer.putString(
                                                            out,
                                                            k.getBytes(StandardCharsets.US_ASCII),
                                                            v)),
                    0);
            assertThat(ours.toString(StandardCharsets.UTF_8))
                    .as("iteration %d", i)
                    .isEqualTo(apache.toString(StandardCharsets.UTF_8));
            apache.release();
            ours.release();
        }
    }

    private static String text(Random random, int max) {
        StringBuilder text = new StringBuilder();
        for (int n = random.nextInt(max); n > 0; n--) {
            int at = random.nextInt(ALPHABET.length());
            if (Character.isSurrogate(ALPHABET.charAt(at))) {
                text.append(ALPHABET, ALPHABET.length() - 2, ALPHABET.length());
            } else {
                text.append(ALPHABET.charAt(at));
            }
        }
        return text.toString();
    }

    @Test
    void shouldReadTheGoClientHeader() {
        RemotingCommand command =
                decode(
                        "{\"code\":310,\"language\":\"GO\",\"version\":317,\"opaque\":1,\"flag\":0,"
                                + "\"remark\":\"\",\"extFields\":{\"a\":\"pg\",\"b\":\"T\","
                                + "\"i\":\"\\u003ctag\\u003e \\u0026 \\u2028\"}}");
        try {
            assertThat(command.code()).isEqualTo(310);
            assertThat(command.language()).isEqualTo(LanguageCode.GO);
            assertThat(command.version()).isEqualTo(317);
            assertThat(command.opaque()).isEqualTo(1);
            assertThat(command.remark()).isEmpty();
            assertThat(command.extFieldMap())
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("a", "pg", "b", "T", "i", "<tag> & \u2028"));
        } finally {
            command.release();
        }
    }

    @Test
    void shouldReadPrettyPrintedHeadersWithNumbersAndNulls() throws Exception {
        Map<String, Object> ext = new HashMap<>();
        ext.put("queueId", 3);
        ext.put("unitMode", true);
        ext.put("topic", "T\"q\\");
        ext.put("gone", null);
        Map<String, Object> header = new HashMap<>();
        header.put("code", 11);
        header.put("language", 9);
        header.put("version", 493);
        header.put("opaque", -7);
        header.put("flag", 2);
        header.put("remark", null);
        header.put("extFields", ext);
        header.put("unknown", Map.of("nested", new int[] {1, 2}));
        String json =
                new ObjectMapper()
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(header)
                        .replace("\n", "\r\n\t ");
        RemotingCommand command = decode(json);
        try {
            assertThat(command.code()).isEqualTo(11);
            assertThat(command.language()).isEqualTo(LanguageCode.GO);
            assertThat(command.opaque()).isEqualTo(-7);
            assertThat(command.isOneway()).isTrue();
            assertThat(command.remark()).isNull();
            assertThat(command.extFieldMap())
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("queueId", "3", "unitMode", "true", "topic", "T\"q\\"));
        } finally {
            command.release();
        }
    }

    /** Issue #13: the layout most JSON libraries write by default closed the connection. */
    @Test
    void shouldReadTheHeaderWithSpacesAfterColonsAndCommas() {
        RemotingCommand command =
                decode(
                        "{\"code\": 30, \"language\": \"JAVA\", \"version\": 493, \"opaque\": 5,"
                                + " \"flag\": 0, \"remark\": null, \"extFields\": {\"topic\":"
                                + " \"T\", \"queueId\": 3}}");
        try {
            assertThat(command.code()).isEqualTo(30);
            assertThat(command.language()).isEqualTo(LanguageCode.JAVA);
            assertThat(command.version()).isEqualTo(493);
            assertThat(command.opaque()).isEqualTo(5);
            assertThat(command.isResponse()).isFalse();
            assertThat(command.remark()).isNull();
            assertThat(command.extFieldMap())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("topic", "T", "queueId", "3"));
        } finally {
            command.release();
        }
    }

    @Test
    void shouldReadNumbersInEveryFormTheReferenceReads() {
        RemotingCommand command =
                decode(
                        "{\"code\":\"30\",\"opaque\":-7.9,\"version\":49.3e1,\"flag\":true,"
                                + "\"remark\":1.5e3,\"extFields\":{\"a\":-0,\"b\":0.0000001,"
                                + "\"c\":1e0,\"d\":12.50,\"e\":false,\"f\":null}}");
        try {
            assertThat(command.code()).isEqualTo(30);
            assertThat(command.opaque()).isEqualTo(-7);
            assertThat(command.version()).isEqualTo(493);
            assertThat(command.flag()).isEqualTo(1);
            assertThat(command.remark()).isEqualTo("1500.0");
            assertThat(command.extFieldMap())
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("a", "0", "b", "1E-7", "c", "1", "d", "12.50", "e", "false"));
        } finally {
            command.release();
        }
    }

    @Test
    void shouldMatchEscapedKeysInTheHeaderAndInTheGeneratedCodecs() {
        RemotingCommand command =
                decode(
                        "{\"\\u0063ode\":10,\"opaque\":1,\"ext\\u0046ields\":{\"\\u0061\":\"pg\","
                                + "\"b\":\"T\",\"c\":\"TBW102\",\"d\":4,\"\\u0065\":3,\"f\":0,"
                                + "\"g\":17,\"h\":0,\"x\\ud83d\\ude00\":\"\\ud83d\\ude00\"}}");
        try {
            assertThat(command.code()).isEqualTo(10);
            io.bolide.protocol.header.SendMessageRequestHeader header =
                    io.bolide.protocol.header.SendMessageRequestHeader.decode(command.extFields());
            assertThat(header.producerGroup()).isEqualTo("pg");
            assertThat(header.queueId()).isEqualTo(3);
            assertThat(header.bornTimestamp()).isEqualTo(17);
            assertThat(command.extFieldMap()).containsEntry("x\uD83D\uDE00", "\uD83D\uDE00");
        } finally {
            command.release();
        }
    }

    @Test
    void shouldSkipDeeplyNestedUnknownValuesUpToTheLimit() {
        int depth = ContainerSkipper.MAX_DEPTH - 1;
        RemotingCommand command =
                decode(
                        "{\"x\":"
                                + "[{\"k\":".repeat(depth / 2)
                                + "1"
                                + "}]".repeat(depth / 2)
                                + ",\"code\":7}");
        try {
            assertThat(command.code()).isEqualTo(7);
        } finally {
            command.release();
        }
    }

    @Test
    void shouldReadKeysWithFourByteCharactersThatTheReferenceRejects() {
        // fastjson2 2.0.43 fails on a raw supplementary character in a key; the JSON is valid.
        RemotingCommand command = decode("{\"code\":1,\"extFields\":{\"a\uD83D\uDE00\":\"v\"}}");
        try {
            assertThat(command.extFieldMap()).containsExactly(Map.entry("a\uD83D\uDE00", "v"));
        } finally {
            command.release();
        }
    }

    private static RemotingCommand decode(String json) {
        byte[] header = json.getBytes(StandardCharsets.UTF_8);
        return FrameDecoder.decode(
                Unpooled.wrappedBuffer(HostileFrames.frame(0, header, new byte[0])));
    }
}
