package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/** The ext fields of one command type, able to write themselves in either serialization. */
public interface CommandHeader {
    /** Writes every non-null field through {@code writer} into {@code out}. */
    void encode(ByteBuf out, ExtFieldWriter writer);
}
