package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;

/**
 * The Apache RocketMQ 5.4.0 remoting classes as an oracle: encode a command the way the official
 * client does, or decode a frame the way it does. Test-only; Apache types stay out of main code.
 */
public final class ApacheOracle {
    private ApacheOracle() {}

    /** The Apache serialize type matching Bolide's {@code type}. */
    public static org.apache.rocketmq.remoting.protocol.SerializeType apacheType(
            SerializeType type) {
        return type == SerializeType.JSON
                ? org.apache.rocketmq.remoting.protocol.SerializeType.JSON
                : org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ;
    }

    /**
     * Encodes {@code command} into a new buffer holding exactly one frame, length field included:
     * with {@code encode()} or, when {@code fast}, with {@code fastEncodeHeader} plus the body as
     * the Netty encoder writes it. The caller releases the buffer. Heap buffers: paranoid leak
     * tracking records a stack trace per byte read, which would make large random frames crawl.
     */
    public static ByteBuf encode(
            org.apache.rocketmq.remoting.protocol.RemotingCommand command, boolean fast) {
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
    public static org.apache.rocketmq.remoting.protocol.RemotingCommand decode(ByteBuf frame)
            throws RemotingCommandException {
        ByteBuf withoutLength =
                frame.slice(
                        frame.readerIndex() + FrameDescriptor.LENGTH_FIELD_SIZE,
                        frame.readableBytes() - FrameDescriptor.LENGTH_FIELD_SIZE);
        return org.apache.rocketmq.remoting.protocol.RemotingCommand.decode(withoutLength);
    }

    /** Decodes with the {@code ByteBuffer} entry point instead (a copy of the frame). */
    public static org.apache.rocketmq.remoting.protocol.RemotingCommand decodeNio(ByteBuf frame)
            throws RemotingCommandException {
        byte[] bytes = new byte[frame.readableBytes() - FrameDescriptor.LENGTH_FIELD_SIZE];
        frame.getBytes(frame.readerIndex() + FrameDescriptor.LENGTH_FIELD_SIZE, bytes);
        return org.apache.rocketmq.remoting.protocol.RemotingCommand.decode(ByteBuffer.wrap(bytes));
    }

    /** Copies {@code buf}'s readable bytes (for comparisons). */
    public static byte[] bytes(ByteBuf buf) {
        byte[] bytes = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), bytes);
        return bytes;
    }

    /** An unpooled copy of {@code bytes}. */
    public static ByteBuf wrap(byte[] bytes) {
        return Unpooled.wrappedBuffer(bytes);
    }
}
