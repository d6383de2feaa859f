package io.bolide.bench.protocol;

import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * One command of the benchmark (request or response), prepared once, with the same field values for
 * both implementations. Each side encodes the way its server or client does on the hot path; both
 * sides decode the same bytes: the frame the Apache classes produce, which is what a client of
 * Bolide sends.
 */
abstract class CodecFixture {
    static final int BODY_SIZE = 1024;

    final SerializeType bolideType;
    final org.apache.rocketmq.remoting.protocol.SerializeType apacheType;
    final byte[] bodyBytes = new byte[BODY_SIZE];
    final ByteBuf body;

    CodecFixture(SerializeType type) {
        this.bolideType = type;
        this.apacheType =
                type == SerializeType.JSON
                        ? org.apache.rocketmq.remoting.protocol.SerializeType.JSON
                        : org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ;
        for (int i = 0; i < BODY_SIZE; i++) {
            bodyBytes[i] = (byte) ('a' + i % 26);
        }
        body = PooledByteBufAllocator.DEFAULT.directBuffer(BODY_SIZE).writeBytes(bodyBytes);
    }

    /** Writes the whole frame (length field, header, body) the way Bolide's remoting does. */
    abstract void encodeBolide(ByteBuf out);

    /** Builds the command and writes the frame the way Apache's NettyEncoder does. */
    abstract void encodeApache(ByteBuf out);

    /** Decodes frame and header; {@code frame} starts at the length field. */
    abstract Object decodeBolide(ByteBuf frame);

    /** Decodes frame and header as Apache's broker or client does. */
    abstract Object decodeApache(ByteBuf frame) throws RemotingCommandException;

    /**
     * The frame a client of Bolide sends: produced by the Apache classes, length field included.
     */
    final ByteBuf apacheFrame() {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        encodeApache(out);
        return out;
    }

    /** Writes an Apache command as NettyEncoder does: fast header encode, then the body. */
    final void writeApache(RemotingCommand command, ByteBuf out) {
        command.setSerializeTypeCurrentRPC(apacheType);
        command.fastEncodeHeader(out);
        byte[] bytes = command.getBody();
        if (bytes != null) {
            out.writeBytes(bytes);
        }
    }

    /**
     * Apache's decoder receives the frame without its length field (LengthFieldBasedFrameDecoder
     * strips it).
     */
    static RemotingCommand decodeApacheFrame(ByteBuf frame) throws RemotingCommandException {
        ByteBuf view = frame.duplicate();
        view.skipBytes(4);
        return RemotingCommand.decode(view);
    }

    void release() {
        body.release();
    }
}
