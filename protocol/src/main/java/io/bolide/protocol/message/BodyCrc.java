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
        return body == null ? 0 : of(body, body.readerIndex(), body.readableBytes());
    }

    /** The body CRC of {@code length} bytes of {@code buf} from {@code index}; no allocation. */
    public int of(ByteBuf buf, int index, int length) {
        crc.reset();
        if (length == 0) {
            return 0;
        }
        if (buf.hasArray()) {
            crc.update(buf.array(), buf.arrayOffset() + index, length);
        } else if (buf.nioBufferCount() == 1) {
            // The internal buffer is a reusable view: no allocation for pooled direct buffers.
            ByteBuffer view = buf.internalNioBuffer(index, length);
            crc.update(view);
        } else {
            for (ByteBuffer part : buf.nioBuffers(index, length)) {
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
