package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * In-place decimal parsing and writing agree with {@code Long.parseLong}, {@code Integer.parseInt}
 * and {@code Long.toString}, which is what Apache's header decoders use: the same text is accepted
 * with the same value, or rejected by both.
 */
class AsciiTest {
    @Test
    void shouldParseExactlyWhatTheJdkParses() {
        Random random = new Random(7);
        List<String> texts = new ArrayList<>(List.of("", "-", "+", "0", "-0", "+0", "00012"));
        for (long edge :
                new long[] {Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            for (int delta = -2; delta <= 2; delta++) {
                texts.add(Long.toString(edge + delta));
                texts.add(
                        new java.math.BigInteger(Long.toString(edge))
                                .add(java.math.BigInteger.valueOf(delta))
                                .toString());
            }
        }
        String alphabet = "0123456789-+ .xe";
        for (int i = 0; i < 100_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(22); n > 0; n--) {
                text.append(
                        random.nextInt(10) == 0
                                ? alphabet.charAt(random.nextInt(alphabet.length()))
                                : (char) ('0' + random.nextInt(10)));
            }
            texts.add(text.toString());
        }
        for (String text : texts) {
            assertThat(parse(text, Long.MIN_VALUE, Long.MAX_VALUE))
                    .as(text)
                    .isEqualTo(jdkLong(text));
            assertThat(parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE))
                    .as(text)
                    .isEqualTo(jdkInt(text));
        }
    }

    @Test
    void shouldWriteWhatLongToStringWrites() {
        Random random = new Random(8);
        ByteBuf out = Unpooled.buffer();
        for (int i = 0; i < 100_000; i++) {
            long value =
                    i < 4
                            ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[i]
                            : random.nextLong() >> random.nextInt(64);
            out.clear();
            Ascii.writeDecimal(out, value);
            assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(Long.toString(value));
            assertThat(Ascii.decimalLength(value)).isEqualTo(Long.toString(value).length());
        }
    }

    private static String parse(String text, long min, long max) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        try {
            return Long.toString(Ascii.parseLong(bytes, 0, bytes.length, min, max));
        } catch (ProtocolDecodeException e) {
            return "rejected";
        }
    }

    private static String jdkLong(String text) {
        try {
            return Long.toString(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return "rejected";
        }
    }

    private static String jdkInt(String text) {
        try {
            return Integer.toString(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            return "rejected";
        }
    }
}
