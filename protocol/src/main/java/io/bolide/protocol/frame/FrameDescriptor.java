package io.bolide.protocol.frame;

/**
 * Layout of one remoting frame.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |              frame length (bytes after this field)            |
 *  +---------------+-----------------------------------------------+
 *  | serializeType |               header length (24 bits)         |
 *  +---------------+-----------------------------------------------+
 *  |                header (JSON text or ROCKETMQ binary)        ...
 *  +---------------------------------------------------------------+
 *  |                body (opaque, length = frame - 4 - header)   ...
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The binary header:
 *
 * <pre>
 *  code:int16 | language:int8 | version:int16 | opaque:int32 | flag:int32
 *  | remarkLength:int32 | remark | extLength:int32 | { keyLen:int16 key valueLen:int32 value }*
 * </pre>
 */
public final class FrameDescriptor {
    /** Size of the leading frame-length field. */
    public static final int LENGTH_FIELD_SIZE = 4;

    /** Size of the header-info word (serialize type + header length). */
    public static final int HEADER_INFO_SIZE = 4;

    /** Offset of the header from the start of the frame. */
    public static final int HEADER_OFFSET = LENGTH_FIELD_SIZE + HEADER_INFO_SIZE;

    /** Default largest frame, length field included, as the Java reference (16 MiB). */
    public static final int DEFAULT_MAX_FRAME = 16 * 1024 * 1024;

    /** Largest header length the 24-bit field can carry. */
    public static final int MAX_HEADER_LENGTH = 0xFFFFFF;

    /** Smallest binary header: fixed fields plus the two length words. */
    public static final int MIN_BINARY_HEADER = 21;

    /** Flag bit: this command is a response. */
    public static final int FLAG_RESPONSE = 1;

    /** Flag bit: the sender expects no response. */
    public static final int FLAG_ONEWAY = 1 << 1;

    private FrameDescriptor() {}

    /** The header-info word for {@code type} and {@code headerLength}. */
    public static int headerInfo(SerializeType type, int headerLength) {
        return (type.code() << 24) | (headerLength & MAX_HEADER_LENGTH);
    }
}
