package io.bolide.protocol.frame;

/**
 * The two header serializations of the remoting protocol. The type travels in the high byte of the
 * header-length word of every frame.
 */
public enum SerializeType {
    /** Compact JSON text; the default of every official component. */
    JSON((byte) 0),
    /** The binary ROCKETMQ form: fixed fields, then length-prefixed remark and ext map. */
    ROCKETMQ((byte) 1);

    private final byte code;

    SerializeType(byte code) {
        this.code = code;
    }

    /** The byte written into the frame's header-info word. */
    public byte code() {
        return code;
    }

    /**
     * The type for a frame's type byte.
     *
     * @throws ProtocolDecodeException for a byte that names neither type
     */
    public static SerializeType of(int code) {
        switch (code) {
            case 0:
                return JSON;
            case 1:
                return ROCKETMQ;
            default:
                throw new ProtocolDecodeException("unknown header serialize type " + code);
        }
    }
}
