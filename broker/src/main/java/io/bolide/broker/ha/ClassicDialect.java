package io.bolide.broker.ha;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Classic HA ({@link HaFrame}): the link opens with an offset report, no handshake, and a transfer
 * is an offset, a size and the bytes.
 */
final class ClassicDialect implements LinkDialect {
    @Override
    public ByteBuf hello(ByteBufAllocator alloc) {
        return null;
    }

    @Override
    public boolean handshake(ByteBuf in, String remote) {
        return true;
    }

    @Override
    public int headerLength() {
        return HaFrame.HEADER_LENGTH;
    }

    @Override
    public boolean isTransfer(ByteBuf in, int at) {
        return true;
    }

    @Override
    public long offset(ByteBuf in, int at) {
        return in.getLong(at + HaFrame.OFFSET_OFFSET);
    }

    @Override
    public int size(ByteBuf in, int at) {
        return in.getInt(at + HaFrame.SIZE_OFFSET);
    }

    @Override
    public void beforeAppend(ByteBuf in, int at) {}

    @Override
    public void afterTransfer(ByteBuf in, int at) {}

    @Override
    public ByteBuf report(ByteBufAllocator alloc, long end) {
        return HaFrame.report(alloc, end);
    }
}
