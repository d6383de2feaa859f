package io.bolide.remoting;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The socket implementation: native epoll where the platform has it (fewer copies and syscalls than
 * the JDK selector), NIO everywhere else. Public for the broker's replication link, a raw byte
 * stream beside the remoting protocol.
 */
public enum Transport {
    EPOLL,
    NIO;

    /** Epoll when available and wanted, otherwise NIO. */
    public static Transport choose(boolean preferNative) {
        return preferNative && Epoll.isAvailable() ? EPOLL : NIO;
    }

    /** An event-loop group of {@code threads} daemon threads named after {@code name}. */
    public EventLoopGroup newGroup(int threads, String name) {
        DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
        return this == EPOLL
                ? new EpollEventLoopGroup(threads, factory)
                : new NioEventLoopGroup(threads, factory);
    }

    /** The server socket channel class of this transport. */
    public Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** The client socket channel class of this transport. */
    public Class<? extends SocketChannel> clientChannel() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }
}
