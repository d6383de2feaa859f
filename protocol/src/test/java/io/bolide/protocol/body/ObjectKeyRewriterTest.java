package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ObjectKeyRewriterTest {

    private static String rewrite(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        byte[] out = ObjectKeyRewriter.rewrite(bytes, 0, bytes.length);
        return out == null ? null : new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void shouldLeaveStandardJsonUntouchedAndUncopied() {
        assertThat(rewrite("{\"a\":{\"b\":[{\"c\":1},{\"d\":\"{{\"}]},\"e\":{}}")).isNull();
    }

    @Test
    void shouldQuoteObjectKeysEscapingTheirStrings() {
        assertThat(rewrite("{\"t\":{{\"topic\":\"a\\\"b\"}:1, { \"x\" : 2 }:3}}"))
                .isEqualTo(
                        "{\"t\":{\"{\\\"topic\\\":\\\"a\\\\\\\"b\\\"}\":1, \"{\\\"x\\\":2}\":3}}");
    }

    @Test
    void shouldCopyOnlyTheRequestedRange() {
        byte[] bytes = "xx{{\"a\":1}:2}yy".getBytes(StandardCharsets.UTF_8);
        // The outer object starts at 2; its key position holds an object.
        assertThat(ObjectKeyRewriter.rewrite(bytes, 2, bytes.length - 4))
                .asString(StandardCharsets.UTF_8)
                .isEqualTo("{\"{\\\"a\\\":1}\":2}");
    }

    @Test
    void shouldNotTreatObjectsInArraysOrValuesAsKeys() {
        assertThat(rewrite("[{\"a\":1},{\"b\":2}]")).isNull();
        assertThat(rewrite("{\"a\":{\"b\":{}}}")).isNull();
    }

    @Test
    void shouldRejectUnterminatedKeysAndStrings() {
        assertThatThrownBy(() -> rewrite("{\"t\":{{\"topic\":\"a\""))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> rewrite("{\"t\":\"abc"))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> rewrite("{\"t\":\"abc\\"))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldRejectNestingDeeperThanTheLimit() {
        String deep = "[".repeat(ObjectKeyRewriter.MAX_DEPTH + 1);
        assertThatThrownBy(() -> rewrite(deep)).isInstanceOf(ProtocolDecodeException.class);
        assertThat(rewrite("[".repeat(ObjectKeyRewriter.MAX_DEPTH))).isNull();
    }
}
