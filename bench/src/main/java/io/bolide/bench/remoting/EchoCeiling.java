package io.bolide.bench.remoting;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import java.net.InetSocketAddress;

/**
 * The ceiling: a Netty server that writes every byte it reads straight back, flushing once per read
 * batch. No framing, no decoding, no dispatch: what the loopback and the event loop cost.
 */
final class EchoCeiling {
    private final Channel channel;

    private EchoCeiling(Channel channel) {
        this.channel = channel;
    }

    static EchoCeiling start(EventLoopGroup group, Class<? extends ServerChannel> type)
            throws InterruptedException {
        Channel channel =
                new ServerBootstrap()
                        .group(group)
                        .channel(type)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childHandler(new Echo())
                        .bind("127.0.0.1", 0)
                        .sync()
                        .channel();
        return new EchoCeiling(channel);
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    void stop() throws InterruptedException {
        channel.close().sync();
    }

    @ChannelHandler.Sharable
    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.write(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }
}
