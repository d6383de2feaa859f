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

    private static RemotingCommand decode(String json) {
        byte[] header = json.getBytes(StandardCharsets.UTF_8);
        return FrameDecoder.decode(
                Unpooled.wrappedBuffer(HostileFrames.frame(0, header, new byte[0])));
    }
}
