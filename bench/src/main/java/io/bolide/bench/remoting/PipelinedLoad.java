package io.bolide.bench.remoting;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * A closed-loop load source on one multiplexed connection, the way RocketMQ clients share a
 * connection: {@code callers} requests are kept in flight, and every response that arrives (any
 * frame, matched by length only) sends the next request. The request frame is encoded once; the
 * client does as little as possible so the server under test is what is measured.
 */
final class PipelinedLoad {
    private final Channel channel;
    private final Counter counter;

    private PipelinedLoad(Channel channel, Counter counter) {
        this.channel = channel;
        this.counter = counter;
    }

    static PipelinedLoad open(
            EventLoopGroup group,
            Class<? extends SocketChannel> type,
            int port,
            ByteBuf request,
            int callers)
            throws InterruptedException {
        Counter counter = new Counter(request, callers);
        Channel channel =
                new Bootstrap()
                        .group(group)
                        .channel(type)
                        .option(ChannelOption.TCP_NODELAY, true)
                        .handler(
                                new ChannelInitializer<SocketChannel>() {
                                    @Override
                                    protected void initChannel(SocketChannel ch) {
                                        ch.pipeline().addLast(counter);
                                    }
                                })
                        .connect("127.0.0.1", port)
                        .sync()
                        .channel();
        return new PipelinedLoad(channel, counter);
    }

    long responses() {
        return counter.responses;
    }

    void close() throws InterruptedException {
        channel.close().sync();
    }

    /** Counts response frames and answers each with the next request. */
    private static final class Counter extends ByteToMessageDecoder {
        private final ByteBuf request;
        private final int callers;
        private volatile long responses;

        Counter(ByteBuf request, int callers) {
            this.request = request;
            this.callers = callers;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            for (int i = 0; i < callers; i++) {
                ctx.write(request.retainedDuplicate());
            }
            ctx.flush();
            super.channelActive(ctx);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            long seen = responses;
            while (in.readableBytes() >= 4) {
                int length = in.getInt(in.readerIndex());
                if (in.readableBytes() < length + 4) {
                    break;
                }
                in.skipBytes(length + 4);
                seen++;
                ctx.write(request.retainedDuplicate());
            }
            responses = seen;
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
            ctx.flush();
            super.channelReadComplete(ctx);
        }
    }
}
