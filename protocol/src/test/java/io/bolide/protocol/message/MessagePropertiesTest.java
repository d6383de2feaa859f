package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class MessagePropertiesTest {
    /** Pieces that exercise every reader rule: separators anywhere, empty names and values. */
    private static final String[] PIECES = {
        "\u0001", "\u0002", "a", "TAGS", "KEYS", "v", "é", "😀", "\u0001\u0002", "UNIQ_KEY", "x y"
    };

    @Test
    void shouldDecodeLikeApacheForAnyPropertiesString() {
        Random random = new Random(20260101);
        for (int i = 0; i < 5000; i++) {
            StringBuilder text = new StringBuilder();
            int pieces = random.nextInt(12);
            for (int k = 0; k < pieces; k++) {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String s = text.toString();
            Map<String, String> expected = MessageDecoder.string2messageProperties(s);
            assertThat(MessageProperties.decode(s)).as(s).isEqualTo(expected);
            ByteBuf bytes = Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.UTF_8));
            int length = bytes.readableBytes();
            assertThat(MessageProperties.decode(bytes, 0, length)).as(s).isEqualTo(expected);
            for (String name : new String[] {"TAGS", "KEYS", "a", "UNIQ_KEY", "v"}) {
                assertThat(MessageProperties.value(bytes, 0, length, MessageProperty.bytes(name)))
                        .as(s + " / " + name)
                        .isEqualTo(expected.get(name));
                assertThat(MessageProperties.value(s, name))
                        .as(s + " / " + name)
                        .isEqualTo(expected.get(name));
            }
        }
    }

    @Test
    void shouldEncodeAsApacheAndSkipNullValues() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("TAGS", "TagA");
        map.put("KEYS", "k1 k2");
        map.put("nothing", null);
        map.put("ü", "漢字");
        String apache = MessageDecoder.messageProperties2String(map);
        assertThat(MessageProperties.toText(map)).isEqualTo(apache);
        ByteBuf out = Unpooled.buffer();
        int written = MessageProperties.encode(map, out);
        assertThat(written).isEqualTo(MessageProperties.encodedLength(map));
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(apache);
        assertThat(MessageProperties.toText(null)).isEmpty();
        out.release();
    }

    @Test
    void shouldLetTheLastDuplicateWinInLookups() {
        ByteBuf bytes = ascii("TAGS\u0001first\u0002TAGS\u0001second\u0002TAGS\u0001\u0002");
        assertThat(MessageProperties.value(bytes, 0, bytes.readableBytes(), bytes("TAGS")))
                .isEqualTo("second");
        long found = MessageProperties.find(bytes, 0, bytes.readableBytes(), bytes("TAGS"));
        assertThat(MessageProperties.valueLength(found)).isEqualTo(6);
        assertThat(MessageProperties.find(bytes, 0, bytes.readableBytes(), bytes("TAG")))
                .isEqualTo(-1);
    }

    @Test
    void shouldRejectMalformedUtf8InPropertyMaps() {
        ByteBuf bytes = Unpooled.wrappedBuffer(new byte[] {'a', 1, (byte) 0xC3, 2});
        assertThatThrownBy(() -> MessageProperties.decode(bytes, 0, 4))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> MessageProperties.value(bytes, 0, 4, bytes("a")))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldHashTagsFromBytesAsJavaStrings() {
        for (String tags : new String[] {"TagA", "TX", "漢字", "😀😀", "é|x", ""}) {
            ByteBuf bytes =
                    Unpooled.wrappedBuffer(
                            ("TAGS\u0001" + tags + "\u0002").getBytes(StandardCharsets.UTF_8));
            long expected = tags.isEmpty() ? 0 : tags.hashCode();
            assertThat(TagsCode.of(bytes, 0, bytes.readableBytes())).as(tags).isEqualTo(expected);
        }
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String s) {
        return MessageProperty.bytes(s);
    }
}
