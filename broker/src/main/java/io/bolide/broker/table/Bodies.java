package io.bolide.broker.table;

import io.bolide.protocol.body.BodyCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** JSON response bodies (admin and group answers, off the message hot path). */
public final class Bodies {
    private Bodies() {}

    public static ByteBuf json(Object body) {
        return Unpooled.wrappedBuffer(BodyCodec.encode(body));
    }
}
