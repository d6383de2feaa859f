package io.bolide.protocol.frame;

import static io.bolide.protocol.frame.HostileFrames.binaryHeader;
import static io.bolide.protocol.frame.HostileFrames.bytes;
import static io.bolide.protocol.frame.HostileFrames.concat;
import static io.bolide.protocol.frame.HostileFrames.entry;
import static io.bolide.protocol.frame.HostileFrames.frame;
import static io.bolide.protocol.frame.HostileFrames.json;
import static io.bolide.protocol.frame.HostileFrames.jsonBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed frames of every kind the wire can deliver: each is rejected with {@link
 * ProtocolDecodeException}, never another exception, a leak or an allocation sized by a length read
 * from the wire.
 */
class FrameDecoderHostileInputTest {
    private static final byte[] NONE = new byte[0];
    private static final byte[] VALID_EXT = entry("topic", "T".getBytes(StandardCharsets.UTF_8));

    static Stream<Named<byte[]>> hostileFrames() {
        List<Named<byte[]>> cases = new ArrayList<>();
        lengthCases(cases);
        jsonCases(cases);
        binaryCases(cases);
        utf8Cases(cases);
        return cases.stream();
    }

    private static void lengthCases(List<Named<byte[]>> cases) {
        for (int n = 0; n < 8; n++) {
            cases.add(Named.of("truncated to " + n + " bytes", new byte[n]));
        }
        byte[] header = binaryHeader(0, NONE, 0, NONE);
        cases.add(Named.of("negative frame length", frame(-1, 1 << 24 | 21, header, NONE)));
        cases.add(
                Named.of(
                        "minimum int frame length",
                        frame(Integer.MIN_VALUE, 1 << 24 | 21, header, NONE)));
        cases.add(Named.of("frame length 3", frame(3, 1 << 24 | 21, header, NONE)));
        cases.add(
                Named.of("frame length over 16 MiB", frame(16 << 20, 1 << 24 | 21, header, NONE)));
        cases.add(
                Named.of(
                        "frame length beyond bytes present",
                        frame(26, 1 << 24 | 21, header, NONE)));
        cases.add(
                Named.of(
                        "frame length short of bytes present",
                        frame(24, 1 << 24 | 21, header, NONE)));
        cases.add(Named.of("header length beyond frame", frame(25, 1 << 24 | 22, header, NONE)));
        cases.add(Named.of("header length 2^24-1", frame(25, 1 << 24 | 0xFFFFFF, header, NONE)));
        for (int type : new int[] {2, 0x7F, 0x80, 0xFF}) {
            cases.add(Named.of("serialize type " + type, frame(type, header, NONE)));
        }
    }

    private static void jsonCases(List<Named<byte[]>> cases) {
        String[] bad = {
            "",
            "   ",
            "{",
            "[]",
            "null",
            "{\"code\":}",
            "{\"code\":1,,\"flag\":0}",
            "{\"code\":1 \"flag\":0}",
            "{\"code\" 1}",
            "{code:1}",
            "{\"code\":1",
            "{\"remark\":\"unterminated}",
            "{\"remark\":\"dangling\\",
            "{\"remark\":\"bad \\x escape\"}",
            "{\"remark\":\"bad \\u12G4 escape\"}",
            "{\"remark\":\"short \\u12\"}",
            "{\"remark\":{}}",
            "{\"code\":\"abc\"}",
            "{\"code\":12x}",
            "{\"code\":1.}",
            "{\"code\":01}",
            "{\"code\":+1}",
            "{\"code\":1e}",
            "{\"code\":tru}",
            "{\"code\":1} x",
            "{\"code\":1}}",
            "{\"code\":-}",
            "{\"opaque\":99999999999}",
            "{\"flag\":2147483648}",
            "{\"version\":-2147483649}",
            "{\"language\":1e99999999999999999999}",
            "{\"extFields\":12}",
            "{\"extFields\":[]}",
            "{\"extFields\":{\"a\":{\"b\":1}}}",
            "{\"extFields\":{\"a\":[1]}}",
            "{\"extFields\":{\"a\":\"1\",}}",
            "{\"extFields\":{\"a\" \"1\"}}",
            "{\"extFields\":{\"a\":}}",
            "{\"extFields\":{\"a\":\"1\"",
            "{\"extFields\":{\"a\":\"\\q\"}}",
            "{\"unknown\":[1,2,{\"x\":[}]}",
            "{\"deep\":" + "[".repeat(5_000) + "]".repeat(5_000) + "}",
            "{\"deep\":" + "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000) + "}",
        };
        for (String header : bad) {
            cases.add(
                    Named.of("JSON " + ShortFailures.printable(abbreviate(header)), json(header)));
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }

    private static void binaryCases(List<Named<byte[]>> cases) {
        byte[] remark = "oops".getBytes(StandardCharsets.US_ASCII);
        cases.add(Named.of("binary header of 20 bytes", frame(1, new byte[20], NONE)));
        cases.add(Named.of("binary header empty", frame(1, NONE, NONE)));
        cases.add(binary("remark length negative", binaryHeader(-1, remark, 0, NONE)));
        cases.add(binary("remark length 2^31-1", binaryHeader(Integer.MAX_VALUE, remark, 0, NONE)));
        cases.add(binary("remark length one beyond header", binaryHeader(5, remark, 0, NONE)));
        cases.add(binary("remark swallows the ext length word", binaryHeader(6, remark, 0, NONE)));
        cases.add(binary("ext length negative", binaryHeader(0, NONE, -5, VALID_EXT)));
        cases.add(binary("ext length 2^31-1", binaryHeader(0, NONE, Integer.MAX_VALUE, VALID_EXT)));
        cases.add(
                binary(
                        "ext length one beyond header",
                        binaryHeader(0, NONE, VALID_EXT.length + 1, VALID_EXT)));
        byte[] key = "topic".getBytes(StandardCharsets.US_ASCII);
        byte[] value = "T".getBytes(StandardCharsets.US_ASCII);
        ext(cases, "ext key length beyond map", entry(100, key, 1, value));
        ext(cases, "ext key length negative", entry(-1, key, 1, value));
        ext(cases, "ext key length 0x8000", entry(0x8000, key, 1, value));
        ext(cases, "ext value length beyond map", entry(5, key, 2, value));
        ext(cases, "ext value length negative", entry(5, key, -1, value));
        ext(cases, "ext value length 2^31-1", entry(5, key, Integer.MAX_VALUE, value));
        ext(cases, "ext entry truncated to one byte", concat(VALID_EXT, bytes(0)));
        ext(cases, "ext entry truncated in value length", concat(VALID_EXT, bytes(0, 1, 'k', 0)));
    }

    private static Named<byte[]> binary(String name, byte[] header) {
        return Named.of("binary " + name, frame(1, header, NONE));
    }

    private static void ext(List<Named<byte[]>> cases, String name, byte[] map) {
        cases.add(binary(name, binaryHeader(0, NONE, map.length, map)));
    }

    private static void utf8Cases(List<Named<byte[]>> cases) {
        byte[][] invalid = {
            bytes(0x80),
            bytes(0xC0, 0x80),
            bytes(0xC1, 0xBF),
            bytes(0xE0, 0x80, 0x80),
            bytes(0xED, 0xA0, 0x80),
            bytes(0xE2, 0x82),
            bytes(0xF0, 0x80, 0x80, 0x80),
            bytes(0xF4, 0x90, 0x80, 0x80),
            bytes(0xF5, 0x80, 0x80, 0x80),
            bytes(0xFF),
            bytes('a', 0xC3),
        };
        for (byte[] text : invalid) {
            String hex = io.netty.buffer.ByteBufUtil.hexDump(text);
            cases.add(
                    binary(
                            "remark invalid UTF-8 " + hex,
                            binaryHeader(text.length, text, 0, NONE)));
            ext(cases, "ext value invalid UTF-8 " + hex, entry("topic", text));
            ext(cases, "ext key invalid UTF-8 " + hex, entry(text.length, text, 1, bytes('v')));
            byte[] quoted = concat(bytes('"'), text, bytes('"'));
            cases.add(
                    Named.of(
                            "JSON remark invalid UTF-8 " + hex,
                            jsonBytes(
                                    concat(bytes('{'), ascii("\"remark\":"), quoted, bytes('}')))));
            cases.add(
                    Named.of(
                            "JSON ext value invalid UTF-8 " + hex,
                            jsonBytes(
                                    concat(ascii("{\"extFields\":{\"k\":"), quoted, ascii("}}")))));
            cases.add(
                    Named.of(
                            "JSON ext key invalid UTF-8 " + hex,
                            jsonBytes(
                                    concat(ascii("{\"extFields\":{"), quoted, ascii(":\"v\"}}")))));
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileFrames")
    void shouldRejectMalformedFrameWithProtocolDecodeException(byte[] frame) {
        assertThat(HostileFrames.decodeFully(frame, true)).isNotNull();
        assertThat(HostileFrames.decodeFully(frame, false)).isNotNull();
        HostileFrames.assertSmallAllocation(frame);
    }

    @Test
    void shouldAcceptTheWellFormedFramesTheHostileOnesAreMadeFrom() {
        byte[] binary = frame(1, binaryHeader(4, ascii("fine"), VALID_EXT.length, VALID_EXT), NONE);
        byte[] text = json("{\"code\":1,\"extFields\":{\"topic\":\"T\"},\"remark\":\"fine\"}");
        assertThat(HostileFrames.decodeFully(binary, true)).isNull();
        assertThat(HostileFrames.decodeFully(text, true)).isNull();
        HostileFrames.assertSmallAllocation(binary);
    }

    static Stream<Named<byte[]>> nonNumericNumbers() {
        List<Named<byte[]>> cases = new ArrayList<>();
        for (String text : new String[] {"1x", " 1", "1.0", "0x10", "2147483648", "-", "+"}) {
            byte[] value = text.getBytes(StandardCharsets.US_ASCII);
            byte[] map = concat(VALID_EXT, entry("queueId", value));
            cases.add(binary("queueId '" + text + "'", binaryHeader(0, NONE, map.length, map)));
            cases.add(Named.of("JSON queueId '" + text + "'", json(queueIdJson('"' + text + '"'))));
        }
        cases.add(Named.of("JSON queueId true", json(queueIdJson("true"))));
        cases.add(Named.of("JSON queueId 1e3", json(queueIdJson("1e3"))));
        return cases.stream();
    }

    private static String queueIdJson(String value) {
        return "{\"extFields\":{\"topic\":\"T\",\"queueId\":" + value + "}}";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonNumericNumbers")
    void shouldRejectNonNumericTextWhereAHeaderNumberBelongs(byte[] frame) {
        RemotingCommand command = FrameDecoder.decode(Unpooled.wrappedBuffer(frame));
        try {
            assertThatThrownBy(() -> TopicQueueRequestHeader.decode(command.extFields()))
                    .isInstanceOf(ProtocolDecodeException.class);
        } finally {
            command.release();
        }
    }

    @Test
    void shouldDecodeHugeRemarksAndValuesWithinTheFrame() {
        String huge = "é".repeat(3 << 20);
        ByteBuf buf = Unpooled.buffer();
        CommandEncoder.encode(
                buf,
                SerializeType.ROCKETMQ,
                1,
                2,
                0,
                huge,
                (out, writer) -> writer.putString(out, ascii("properties"), huge),
                0);
        RemotingCommand command = FrameDecoder.decode(buf);
        try {
            assertThat(command.remark()).isEqualTo(huge);
            assertThat(command.extFieldMap()).containsEntry("properties", huge);
        } finally {
            command.release();
        }
    }

    @Test
    void shouldRejectFrameLargerThanTheConfiguredLimitCountingTheLengthField() {
        // Like Apache's NettyDecoder, the limit counts the 4-byte length field itself.
        byte[] frame = frame(1, binaryHeader(0, NONE, 0, NONE), new byte[100]);
        ByteBuf exact = Unpooled.wrappedBuffer(frame);
        FrameDecoder.decode(exact, frame.length).release();
        ByteBuf over = Unpooled.wrappedBuffer(frame);
        assertThatThrownBy(() -> FrameDecoder.decode(over, frame.length - 1))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThat(over.refCnt()).isEqualTo(1);
        over.release();
    }

    @Test
    void shouldDecodeFrameStartingAtANonZeroReaderIndex() {
        byte[] header = binaryHeader(4, ascii("fine"), VALID_EXT.length, VALID_EXT);
        byte[] frame = frame(1, header, ascii("body"));
        ByteBuf buf = Unpooled.buffer();
        buf.writeBytes(ascii("junk"));
        buf.writeBytes(frame);
        buf.readerIndex(4);
        RemotingCommand command = FrameDecoder.decode(buf);
        try {
            assertThat(command.code()).isEqualTo(10);
            assertThat(command.remark()).isEqualTo("fine");
            assertThat(command.extFieldMap()).containsEntry("topic", "T").hasSize(1);
            assertThat(command.body().toString(StandardCharsets.US_ASCII)).isEqualTo("body");
        } finally {
            command.release();
        }
    }
}
