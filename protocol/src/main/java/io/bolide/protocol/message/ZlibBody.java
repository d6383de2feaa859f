package io.bolide.protocol.message;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * ZLIB message bodies (sysFlag {@code COMPRESSED | COMPRESSION_ZLIB}), the reference producer's
 * default for bodies of 4096 bytes or more, at level 5: a standard zlib stream. Inflating is
 * bounded, so a small hostile body cannot expand into a large allocation.
 */
public final class ZlibBody {
    /** The reference producer's compression level. */
    public static final int DEFAULT_LEVEL = 5;

    private ZlibBody() {}

    /**
     * Appends the zlib compression of the readable bytes of {@code body} at the writer index of
     * {@code out}; returns the number of bytes written.
     */
    public static int deflate(ByteBuf body, int level, ByteBuf out) {
        Deflater deflater = new Deflater(level);
        int start = out.writerIndex();
        try {
            deflater.setInput(body.nioBuffer());
            deflater.finish();
            while (!deflater.finished()) {
                out.ensureWritable(Math.max(64, body.readableBytes() / 4));
                int n = deflater.deflate(out.nioBuffer(out.writerIndex(), out.writableBytes()));
                out.writerIndex(out.writerIndex() + n);
            }
            return out.writerIndex() - start;
        } finally {
            deflater.end();
        }
    }

    /**
     * Inflates the readable bytes of {@code compressed} into a new heap buffer of at most {@code
     * maxLength} bytes (the caller releases it). Bytes after the end of the zlib stream are
     * ignored, as by the reference client.
     *
     * @throws ProtocolDecodeException if the stream is malformed, truncated, or inflates beyond
     *     {@code maxLength}
     */
    public static ByteBuf inflate(ByteBuf compressed, ByteBufAllocator alloc, int maxLength) {
        int initial = (int) Math.min(maxLength, Math.max(64L, 4L * compressed.readableBytes()));
        ByteBuf out = alloc.heapBuffer(initial, maxLength);
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed.nioBuffer());
            inflateInto(inflater, out, maxLength);
            return out;
        } catch (DataFormatException e) {
            out.release();
            throw new ProtocolDecodeException("malformed zlib body", e);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        } finally {
            inflater.end();
        }
    }

    private static void inflateInto(Inflater inflater, ByteBuf out, int maxLength)
            throws DataFormatException {
        while (!inflater.finished()) {
            if (!out.isWritable()) {
                if (out.capacity() >= maxLength) {
                    throw new ProtocolDecodeException("zlib body inflates beyond " + maxLength);
                }
                out.capacity((int) Math.min(maxLength, 2L * out.capacity()));
            }
            int at = out.arrayOffset() + out.writerIndex();
            int n = inflater.inflate(out.array(), at, out.writableBytes());
            if (n == 0
                    && !inflater.finished()
                    && (inflater.needsInput() || inflater.needsDictionary())) {
                throw new ProtocolDecodeException("truncated zlib body");
            }
            out.writerIndex(out.writerIndex() + n);
        }
    }
}
