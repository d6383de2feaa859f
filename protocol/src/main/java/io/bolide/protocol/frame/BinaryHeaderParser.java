package io.bolide.protocol.frame;

/** Reads the fixed part of a ROCKETMQ binary header; the ext map is validated lazily. */
final class BinaryHeaderParser {
    private BinaryHeaderParser() {}

    static void parse(byte[] h, int start, int end, RemotingCommand command) {
        if (end - start < FrameDescriptor.MIN_BINARY_HEADER) {
            throw new ProtocolDecodeException(
                    "binary header truncated: " + (end - start) + " bytes");
        }
        command.code = BigEndian.getShort(h, start);
        command.language = h[start + 2];
        command.version = BigEndian.getShort(h, start + 3);
        command.opaque = BigEndian.getInt(h, start + 5);
        command.flag = BigEndian.getInt(h, start + 9);
        int remarkLength = BigEndian.getInt(h, start + 13);
        int remarkStart = start + 17;
        // The ext length word must still fit after the remark.
        if (remarkLength < 0 || remarkLength > end - remarkStart - 4) {
            throw new ProtocolDecodeException("remark length " + remarkLength + " out of bounds");
        }
        command.remark = remarkLength == 0 ? null : Utf8.decode(h, remarkStart, remarkLength);
        int extLengthIndex = remarkStart + remarkLength;
        int extLength = BigEndian.getInt(h, extLengthIndex);
        int extStart = extLengthIndex + 4;
        if (extLength < 0 || extLength > end - extStart) {
            throw new ProtocolDecodeException("ext fields length " + extLength + " out of bounds");
        }
        if (extLength > 0) {
            command.extStart = extStart;
            command.extEnd = extStart + extLength;
        }
    }
}
