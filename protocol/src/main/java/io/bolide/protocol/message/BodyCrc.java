package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * BODYCRC as the reference computes it: {@link CRC32} (the zlib polynomial) over the body bytes as
 * stored, i.e. compressed when compressed, masked to 31 bits. Keeps one {@link CRC32}, so one
 * instance per thread.
 */
public final class BodyCrc {
    private static final int MASK = 0x7FFFFFFF;

    private final CRC32 crc = new CRC32();

    /** The body CRC of the readable bytes of {@code body}; 0 for null or empty. */
    public int of(ByteBuf body) {
        if (body == null || !body.isReadable()) {
            return 0;
        }
        crc.reset();
        int index = body.readerIndex();
        int length = body.readableBytes();
        if (body.hasArray()) {
            crc.update(body.array(), body.arrayOffset() + index, length);
        } else if (body.nioBufferCount() == 1) {
            // The internal buffer is a reusable view: no allocation for pooled direct buffers.
            ByteBuffer view = body.internalNioBuffer(index, length);
            crc.update(view);
        } else {
            for (ByteBuffer part : body.nioBuffers(index, length)) {
                crc.update(part);
            }
        }
        return (int) (crc.getValue() & MASK);
    }

    /** The body CRC of {@code length} bytes of {@code body} from {@code offset}. */
    public int of(byte[] body, int offset, int length) {
        crc.reset();
        crc.update(body, offset, length);
        return (int) (crc.getValue() & MASK);
    }
}
