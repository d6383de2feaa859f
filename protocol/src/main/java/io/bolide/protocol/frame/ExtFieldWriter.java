package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Writes ext-field entries straight into the outbound buffer in one serialization. Stateless (one
 * instance per form), so encoding a header allocates nothing. Keys are ASCII constants.
 */
public interface ExtFieldWriter {
    /** Writes {@code key} = {@code value}; a null value writes nothing. */
    void putString(ByteBuf out, byte[] key, String value);

    /** Writes {@code key} = {@code value} in decimal. */
    void putLong(ByteBuf out, byte[] key, long value);

    /** Writes {@code key} = {@code "true"} or {@code "false"}. */
    void putBoolean(ByteBuf out, byte[] key, boolean value);

    /** Writes {@code key} = {@code value} in decimal; a null value writes nothing. */
    default void putLong(ByteBuf out, byte[] key, Long value) {
        if (value != null) {
            putLong(out, key, value.longValue());
        }
    }

    /** Writes {@code key} = {@code value} in decimal; a null value writes nothing. */
    default void putInt(ByteBuf out, byte[] key, Integer value) {
        if (value != null) {
            putLong(out, key, value.longValue());
        }
    }

    /** Writes {@code key} = {@code value}; a null value writes nothing. */
    default void putBoolean(ByteBuf out, byte[] key, Boolean value) {
        if (value != null) {
            putBoolean(out, key, value.booleanValue());
        }
    }

    /** The writer for {@code type}. */
    static ExtFieldWriter of(SerializeType type) {
        return type == SerializeType.JSON
                ? JsonExtFieldWriter.INSTANCE
                : BinaryExtFieldWriter.INSTANCE;
    }
}
