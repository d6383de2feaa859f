package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Decodes one complete frame into a {@link RemotingCommand} whose body and ext fields stay in the
 * frame buffer. Every length is checked against the bytes actually present before it is used;
 * nothing is allocated in proportion to a length read from the wire.
 */
public final class FrameDecoder {
    private FrameDecoder() {}

    /**
     * Decodes {@code frame}, which holds exactly one frame from its reader index on, length field
     * included. On success the command owns {@code frame}; on failure the caller still does.
     *
     * @param maxFrame largest accepted frame, length field included
     * @throws ProtocolDecodeException if the frame is malformed
     */
    public static RemotingCommand decode(ByteBuf frame, int maxFrame) {
        int base = frame.readerIndex();
        int readable = frame.readableBytes();
        if (readable < FrameDescriptor.HEADER_OFFSET) {
            throw new ProtocolDecodeException("frame truncated: " + readable + " bytes");
        }
        int frameLength = frame.getInt(base);
        if (frameLength < FrameDescriptor.HEADER_INFO_SIZE
                || frameLength > maxFrame - FrameDescriptor.LENGTH_FIELD_SIZE) {
            throw new ProtocolDecodeException("frame length " + frameLength + " out of bounds");
        }
        if (frameLength != readable - FrameDescriptor.LENGTH_FIELD_SIZE) {
            throw new ProtocolDecodeException(
                    "frame length " + frameLength + " but " + readable + " bytes present");
        }
        int headerInfo = frame.getInt(base + FrameDescriptor.LENGTH_FIELD_SIZE);
        SerializeType type = SerializeType.of(headerInfo >>> 24);
        int headerLength = headerInfo & FrameDescriptor.MAX_HEADER_LENGTH;
        if (headerLength > frameLength - FrameDescriptor.HEADER_INFO_SIZE) {
            throw new ProtocolDecodeException(
                    "header length " + headerLength + " exceeds frame length " + frameLength);
        }
        int headerStart = base + FrameDescriptor.HEADER_OFFSET;
        int bodyLength = frameLength - FrameDescriptor.HEADER_INFO_SIZE - headerLength;
        return parseHeader(frame, type, headerStart, headerLength, bodyLength);
    }

    private static RemotingCommand parseHeader(
            ByteBuf frame, SerializeType type, int headerStart, int headerLength, int bodyLength) {
        byte[] header;
        int from;
        if (frame.hasArray()) {
            header = frame.array();
            from = frame.arrayOffset() + headerStart;
        } else {
            // One bulk copy of the header: per-byte reads of a direct buffer pay bounds and
            // liveness checks on every byte, which costs far more than the copy (bench module).
            header = new byte[headerLength];
            frame.getBytes(headerStart, header);
            from = 0;
        }
        RemotingCommand command =
                new RemotingCommand(frame, type, header, headerStart + headerLength, bodyLength);
        if (type == SerializeType.JSON) {
            JsonHeaderParser.parse(header, from, from + headerLength, command);
        } else {
            BinaryHeaderParser.parse(header, from, from + headerLength, command);
        }
        return command;
    }

    /** {@link #decode(ByteBuf, int)} with the default 16 MiB frame limit. */
    public static RemotingCommand decode(ByteBuf frame) {
        return decode(frame, FrameDescriptor.DEFAULT_MAX_FRAME);
    }
}
