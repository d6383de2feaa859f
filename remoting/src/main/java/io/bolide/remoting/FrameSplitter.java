package io.bolide.remoting;

import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.FrameDescriptor;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the inbound byte stream into frames by their leading length field and decodes each into a
 * {@link io.bolide.protocol.frame.RemotingCommand} that owns a retained slice of the cumulation (no
 * copy). The length is checked before any byte of the frame is awaited, so a hostile length never
 * makes the connection buffer more than the peer actually sent.
 */
final class FrameSplitter extends ByteToMessageDecoder {
    private final int maxFrame;
    private final Connection connection;

    /**
     * @param connection told when a frame is partly there and when it is complete, so a peer that
     *     stops in the middle of a frame can be closed after a deadline
     */
    FrameSplitter(int maxFrame, Connection connection) {
        this.maxFrame = maxFrame;
        this.connection = connection;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        if (in.readableBytes() < FrameDescriptor.LENGTH_FIELD_SIZE) {
            connection.partialFrame();
            return;
        }
        int frameLength = in.getInt(start);
        if (frameLength < FrameDescriptor.HEADER_INFO_SIZE
                || frameLength > maxFrame - FrameDescriptor.LENGTH_FIELD_SIZE) {
            in.skipBytes(in.readableBytes()); // nothing after a bad length can be framed
            throw new ProtocolDecodeException("frame length " + frameLength + " out of bounds");
        }
        int total = frameLength + FrameDescriptor.LENGTH_FIELD_SIZE;
        if (in.readableBytes() < total) {
            connection.partialFrame();
            return;
        }
        ByteBuf frame = in.retainedSlice(start, total);
        in.skipBytes(total);
        connection.frameDone(); // the next partial frame, if any, gets a deadline of its own
        try {
            out.add(FrameDecoder.decode(frame, maxFrame));
        } catch (RuntimeException e) {
            frame.release();
            in.skipBytes(in.readableBytes()); // the connection closes; do not decode the rest
            throw e;
        }
    }
}
