package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

/** Encodes a JSON response body straight into a pooled buffer (the transport releases it). */
final class JsonBody {
    private static final int INITIAL_CAPACITY = 512;

    private JsonBody() {}

    static ByteBuf of(Object body) {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.ioBuffer(INITIAL_CAPACITY);
        try {
            BodyCodec.encode(body, out);
            return out;
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
    }
}
