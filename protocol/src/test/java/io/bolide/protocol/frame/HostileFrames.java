package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.codegen.HeaderSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builders of raw frames for hostile-input tests, and the one verdict such a frame may get: decoded
 * completely, or rejected with {@link ProtocolDecodeException}, without leaking the buffer and
 * without allocating in proportion to a length read from the wire.
 */
final class HostileFrames {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final List<Method> HEADER_DECODERS = headerDecoders();

    /** Generous slack for exception messages and the decoded strings of small frames. */
    static final long ALLOCATION_SLACK = 64 * 1024;

    private HostileFrames() {}

    /** A frame with {@code header} as-is, the header-info word built from type and length. */
    static byte[] frame(int typeByte, byte[] header, byte[] body) {
        return frame(
                4 + header.length + body.length, (typeByte << 24) | header.length, header, body);
    }

    /** A frame with explicit (possibly lying) length words. */
    static byte[] frame(int frameLength, int headerInfo, byte[] header, byte[] body) {
        ByteBuffer out = ByteBuffer.allocate(8 + header.length + body.length);
        out.putInt(frameLength).putInt(headerInfo).put(header).put(body);
        return out.array();
    }

    static byte[] json(String header) {
        return frame(0, header.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    static byte[] jsonBytes(byte[] header) {
        return frame(0, header, new byte[0]);
    }

    /** A binary header with explicit (possibly lying) remark and ext lengths. */
    static byte[] binaryHeader(int remarkLength, byte[] remark, int extLength, byte[] ext) {
        ByteBuffer out = ByteBuffer.allocate(21 + remark.length + ext.length);
        out.putShort((short) 10).put((byte) 0).putShort((short) 493).putInt(7).putInt(0);
        out.putInt(remarkLength).put(remark).putInt(extLength).put(ext);
        return out.array();
    }

    /** A binary ext entry with explicit (possibly lying) key and value lengths. */
    static byte[] entry(int keyLength, byte[] key, int valueLength, byte[] value) {
        ByteBuffer out = ByteBuffer.allocate(6 + key.length + value.length);
        out.putShort((short) keyLength).put(key).putInt(valueLength).put(value);
        return out.array();
    }

    static byte[] entry(String key, byte[] value) {
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        return entry(k.length, k, value.length, value);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    /**
     * Decodes {@code frame} from a leak-tracked pooled buffer and reads everything a handler might:
     * ext fields, body and two header codecs. Returns the exception, or null on success. Fails on
     * any other exception type or a leak.
     */
    static ProtocolDecodeException decodeFully(byte[] frame, boolean direct) {
        ByteBuf buf =
                direct
                        ? PooledByteBufAllocator.DEFAULT.directBuffer(frame.length)
                        : PooledByteBufAllocator.DEFAULT.heapBuffer(frame.length);
        buf.writeBytes(frame);
        return decodeAndRelease(buf, true);
    }

    /**
     * {@link #decodeFully} from an unpooled heap buffer, which paranoid leak detection does not
     * track (tracking records a stack trace per access, far too slow for fuzzing); a leak still
     * shows as a reference count that is not zero.
     */
    static ProtocolDecodeException decodeFullyUntracked(byte[] frame, boolean allHeaders) {
        return decodeAndRelease(Unpooled.wrappedBuffer(frame), allHeaders);
    }

    /**
     * {@link #decodeFully} from an untracked buffer (leak tracking allocates stack traces), and
     * fails if that allocated more than a small multiple of the frame. Call after a warm-up decode
     * so that class loading is not counted.
     */
    static void assertSmallAllocation(byte[] frame) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        decodeAndRelease(Unpooled.wrappedBuffer(frame), false);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated)
                .as("bytes allocated decoding a %d-byte frame", frame.length)
                .isLessThan(ALLOCATION_SLACK + 8L * frame.length);
    }

    private static ProtocolDecodeException decodeAndRelease(ByteBuf buf, boolean allHeaders) {
        ProtocolDecodeException failure = null;
        RemotingCommand command = null;
        try {
            command = FrameDecoder.decode(buf);
            readEverything(command, allHeaders);
        } catch (ProtocolDecodeException e) {
            failure = e;
        } finally {
            if (command != null) {
                command.release();
            }
        }
        boolean decoded = command != null;
        assertThat(buf.refCnt()).as("buffer still owned after decode").isEqualTo(decoded ? 0 : 1);
        if (!decoded) {
            buf.release();
        }
        return failure;
    }

    /** Reads all a handler might; the header codecs by reflection only if {@code allHeaders}. */
    private static void readEverything(RemotingCommand command, boolean allHeaders) {
        command.remark();
        command.body();
        command.extFieldMap();
        for (Method decoder : allHeaders ? HEADER_DECODERS : List.<Method>of()) {
            try {
                decoder.invoke(null, command.extFields());
            } catch (InvocationTargetException e) {
                // A missing required field is expected here; only the type of failure matters.
                if (!(e.getCause() instanceof ProtocolDecodeException)) {
                    throw new AssertionError(
                            decoder.getDeclaringClass().getSimpleName(), e.getCause());
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The decode method of every generated header codec. */
    private static List<Method> headerDecoders() {
        List<Method> decoders = new ArrayList<>();
        try {
            for (HeaderSpec.Header header : HeaderSpec.read(Path.of("").toAbsolutePath())) {
                Class<?> codec = Class.forName("io.bolide.protocol.header." + header.name());
                decoders.add(codec.getMethod("decode", ExtFieldCursor.class));
            }
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return decoders;
    }
}
