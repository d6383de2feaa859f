package io.bolide.broker;

import io.bolide.protocol.body.BodyCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** JSON response bodies (admin and group answers, off the message hot path). */
final class Bodies {
    private Bodies() {}

    static ByteBuf json(Object body) {
        return Unpooled.wrappedBuffer(BodyCodec.encode(body));
    }
}
