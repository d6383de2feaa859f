package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonStringTest {

    @Test
    void shouldUnescapeLatinText() {
        assertThat(unescape("TAGS\\u0001a\\u0002WAIT\\u0001true\\u0002\\\"q\\\\\\/\\t\\u00e9"))
                .isEqualTo("TAGS\u0001a\u0002WAIT\u0001true\u0002\"q\\/\t\u00e9");
    }

    @Test
    void shouldSwitchToWideTextAtEscapeBeyondLatin() {
        assertThat(unescape("ab\\u4e2d\\u0001c")).isEqualTo("ab\u4e2d\u0001c");
        assertThat(unescape("\\ud83d\\ude00x")).isEqualTo("\ud83d\ude00x");
    }

    @Test
    void shouldKeepRawUtf8BesideEscapes() {
        assertThat(unescape("k\\u0001中文\\u0002é")).isEqualTo("k\u0001中文\u0002é");
    }

    @Test
    void shouldRejectBrokenEscapes() {
        assertThatThrownBy(() -> unescape("abc\\")).isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> unescape("a\\u12")).isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> unescape("a\\x")).isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> unescape("a\\uzzzz")).isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldFindClosingQuoteAndReportEscapesAcrossWordBoundaries() {
        for (int prefix = 0; prefix < 20; prefix++) {
            String plain = "x".repeat(prefix) + "\"tail";
            long scanned = scan(plain);
            assertThat((int) scanned).isEqualTo(prefix);
            assertThat(scanned & JsonString.ESCAPED).isZero();

            String escaped = "x".repeat(prefix) + "\\\"y\"";
            scanned = scan(escaped);
            assertThat((int) scanned).isEqualTo(prefix + 3);
            assertThat(scanned & JsonString.ESCAPED).isNotZero();
        }
        assertThatThrownBy(() -> scan("no end\\\"")).isInstanceOf(ProtocolDecodeException.class);
    }

    private static String unescape(String escaped) {
        byte[] bytes = escaped.getBytes(StandardCharsets.UTF_8);
        return JsonString.unescape(bytes, 0, bytes.length);
    }

    private static long scan(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return JsonString.scan(bytes, 0, bytes.length);
    }
}
