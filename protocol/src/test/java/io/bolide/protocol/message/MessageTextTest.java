package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MessageTextTest {
    @Test
    void shouldWriteExactlyWhatStringGetBytesWrites() {
        Random random = new Random(20260701);
        for (int i = 0; i < 20_000; i++) {
            String text = randomText(random);
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            int length = MessageText.utf8Length(text);
            assertThat(length).as(text).isEqualTo(expected.length);
            ByteBuf out = Unpooled.wrappedBuffer(new byte[length]);
            assertThat(MessageText.set(out, 0, text, length)).isEqualTo(length);
            assertThat(ByteBufUtil.getBytes(out)).isEqualTo(expected);
            String roundTrip = new String(expected, StandardCharsets.UTF_8);
            assertThat(MessageText.decode(out, 0, length)).isEqualTo(roundTrip);
            assertThat(MessageText.javaHashCode(out, 0, length)).isEqualTo(roundTrip.hashCode());
        }
    }

    @Test
    void shouldRejectMalformedOverlongAndSurrogateSequences() {
        byte[][] bad = {
            {(byte) 0x80},
            {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xE0, (byte) 0x80, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {'a', (byte) 0xE6, (byte) 0xBC},
            {(byte) 0xFF}
        };
        for (byte[] bytes : bad) {
            ByteBuf buf = Unpooled.wrappedBuffer(bytes);
            assertThatThrownBy(() -> MessageText.decode(buf, 0, bytes.length))
                    .isInstanceOf(ProtocolDecodeException.class);
            assertThatThrownBy(() -> MessageText.javaHashCode(buf, 0, bytes.length))
                    .isInstanceOf(ProtocolDecodeException.class);
        }
    }

    private static String randomText(Random random) {
        int length = random.nextInt(12);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(5)) {
                case 0 -> text.append((char) random.nextInt(0x80));
                case 1 -> text.append((char) (0x80 + random.nextInt(0x780)));
                case 2 -> text.append((char) random.nextInt(0x10000));
                case 3 -> text.appendCodePoint(0x10000 + random.nextInt(0x100000));
                default -> text.append(random.nextBoolean() ? '\uD83D' : '\uDE00');
            }
        }
        return text.toString();
    }
}
