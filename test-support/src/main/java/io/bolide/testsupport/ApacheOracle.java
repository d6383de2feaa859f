package io.bolide.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;

/**
 * The Apache RocketMQ 5.4.0 remoting classes as an oracle: encode a command the way the official
 * client does, or decode a frame the way it does. Needs {@code rocketmq-remoting} on the test class
 * path (declared by each module that uses it).
 *
 * <p>Frames here are whole frames: the 4-byte big-endian length field first, as on the wire.
 */
public final class ApacheOracle {
    /** Bytes of the length field that starts every frame (a wire fact, not Bolide's constant). */
    public static final int LENGTH_FIELD_SIZE = 4;

    private ApacheOracle() {}

    /** The Apache serialize type for the type byte {@code code} of a frame (0 JSON, 1 ROCKETMQ). */
    public static SerializeType apacheType(byte code) {
        SerializeType type = SerializeType.valueOf(code);
        if (type == null) {
            throw new IllegalArgumentException("no serialize type " + code);
        }
        return type;
    }

    /**
     * Encodes {@code command} into a new buffer holding exactly one frame, length field included:
     * with {@code encode()} or, when {@code fast}, with {@code fastEncodeHeader} plus the body as
     * the Netty encoder writes it. The caller releases the buffer. Heap buffers: paranoid leak
     * tracking records a stack trace per byte read, which would make large random frames crawl.
     */
    public static ByteBuf encode(RemotingCommand command, boolean fast) {
        if (!fast) {
            ByteBuffer nio = command.encode();
            ByteBuf out = Unpooled.buffer(nio.remaining());
            out.writeBytes(nio);
            return out;
        }
        ByteBuf out = Unpooled.buffer();
        command.fastEncodeHeader(out);
        byte[] body = command.getBody();
        if (body != null) {
            out.writeBytes(body);
        }
        return out;
    }

    /**
     * Decodes one whole frame (length field included) as Apache's Netty decoder does after it has
     * stripped the length field. Does not release {@code frame}.
     */
    public static RemotingCommand decode(ByteBuf frame) throws RemotingCommandException {
        ByteBuf withoutLength =
                frame.slice(
                        frame.readerIndex() + LENGTH_FIELD_SIZE,
                        frame.readableBytes() - LENGTH_FIELD_SIZE);
        return RemotingCommand.decode(withoutLength);
    }

    /** Decodes with the {@code ByteBuffer} entry point instead (a copy of the frame). */
    public static RemotingCommand decodeNio(ByteBuf frame) throws RemotingCommandException {
        byte[] bytes = new byte[frame.readableBytes() - LENGTH_FIELD_SIZE];
        frame.getBytes(frame.readerIndex() + LENGTH_FIELD_SIZE, bytes);
        return RemotingCommand.decode(ByteBuffer.wrap(bytes));
    }

    /** Decodes a whole frame held in {@code frame} (length field included). */
    public static RemotingCommand decode(byte[] frame) throws RemotingCommandException {
        return decodeNio(Unpooled.wrappedBuffer(frame));
    }

    /** Copies {@code buf}'s readable bytes (for comparisons); does not move its reader index. */
    public static byte[] bytes(ByteBuf buf) {
        byte[] bytes = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), bytes);
        return bytes;
    }

    /** An unpooled buffer over {@code bytes} (no copy). */
    public static ByteBuf wrap(byte[] bytes) {
        return Unpooled.wrappedBuffer(bytes);
    }
}
