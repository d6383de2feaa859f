package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.Random;
import org.apache.rocketmq.common.compression.CompressionType;
import org.apache.rocketmq.common.compression.Compressor;
import org.apache.rocketmq.common.compression.CompressorFactory;
import org.junit.jupiter.api.Test;

class ZlibBodyTest {
    private static final PooledByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;
    private static final Compressor ZLIB = CompressorFactory.getCompressor(CompressionType.ZLIB);

    @Test
    void shouldCompressAsTheApacheZlibCompressorAndInflateItsOutput() throws Exception {
        Random random = new Random(20260801);
        for (int i = 0; i < 50; i++) {
            byte[] body = compressibleBody(random, random.nextInt(20_000));
            byte[] apache = ZLIB.compress(body, ZlibBody.DEFAULT_LEVEL);
            ByteBuf out = Unpooled.wrappedBuffer(new byte[apache.length + 1024]).clear();
            ZlibBody.deflate(Unpooled.wrappedBuffer(body), ZlibBody.DEFAULT_LEVEL, out);
            assertThat(ByteBufUtil.getBytes(out)).isEqualTo(apache);
            assertThat(ZLIB.decompress(ByteBufUtil.getBytes(out))).isEqualTo(body);
            ByteBuf inflated = ZlibBody.inflate(Unpooled.wrappedBuffer(apache), ALLOC, 1 << 20);
            try {
                assertThat(ByteBufUtil.getBytes(inflated)).isEqualTo(body);
            } finally {
                inflated.release();
            }
        }
    }

    @Test
    void shouldInflateTheStreamOfAnEmptyBody() throws Exception {
        byte[] empty = ZLIB.compress(new byte[0], ZlibBody.DEFAULT_LEVEL);
        ByteBuf inflated = ZlibBody.inflate(Unpooled.wrappedBuffer(empty), ALLOC, 100);
        try {
            assertThat(inflated.readableBytes()).isZero();
        } finally {
            inflated.release();
        }
    }

    @Test
    void shouldRejectBombsTruncationAndGarbage() throws Exception {
        byte[] zeros = new byte[1 << 20];
        byte[] bomb = ZLIB.compress(zeros, 9);
        assertThat(bomb.length).isLessThan(2000);
        assertThatThrownBy(() -> ZlibBody.inflate(Unpooled.wrappedBuffer(bomb), ALLOC, 4096))
                .isInstanceOf(ProtocolDecodeException.class)
                .hasMessageContaining("beyond");
        byte[] cut = Arrays.copyOf(bomb, bomb.length / 2);
        assertThatThrownBy(() -> ZlibBody.inflate(Unpooled.wrappedBuffer(cut), ALLOC, 1 << 21))
                .isInstanceOf(ProtocolDecodeException.class);
        byte[] garbage = {1, 2, 3, 4, 5, 6, 7, 8};
        assertThatThrownBy(() -> ZlibBody.inflate(Unpooled.wrappedBuffer(garbage), ALLOC, 100))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> ZlibBody.inflate(Unpooled.EMPTY_BUFFER, ALLOC, 100))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    private static byte[] compressibleBody(Random random, int length) {
        byte[] body = new byte[length];
        for (int i = 0; i < length; i++) {
            body[i] = (byte) ('a' + random.nextInt(random.nextBoolean() ? 4 : 26));
        }
        return body;
    }
}
