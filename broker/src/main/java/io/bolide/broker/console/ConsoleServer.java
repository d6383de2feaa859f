package io.bolide.broker.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The console's HTTP port: one event-loop thread of its own (an operator's browser is a light and
 * occasional load, and it must never take a thread the remoting port needs), Netty's HTTP codec, a
 * bounded request body, idle connections closed.
 */
public final class ConsoleServer implements AutoCloseable {
    /** Largest request accepted (a test message and its JSON); beyond it the codec answers 413. */
    static final int MAX_REQUEST_BYTES = 1024 * 1024;

    private static final int IDLE_SECONDS = 120;

    private final EventLoopGroup group;
    private final Channel channel;
    private final Sessions sessions;

    private ConsoleServer(EventLoopGroup group, Channel channel, Sessions sessions) {
        this.group = group;
        this.channel = channel;
        this.sessions = sessions;
    }

    /** The login sessions (tests drive their clock). */
    Sessions sessions() {
        return sessions;
    }

    /**
     * Binds {@code address:port} (0: any free port) and serves the console over {@code state}.
     *
     * @throws IOException when the port cannot be bound or the app's files are missing
     */
    public static ConsoleServer start(String address, int port, ConsoleState state)
            throws IOException {
        ObjectMapper json = new ObjectMapper();
        Sessions sessions = new Sessions();
        Routes routes = routes(state, sessions);
        ConsoleHandler handler =
                new ConsoleHandler(routes, new Assets(), json, state.access(), sessions);
        EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("bolide-console"));
        try {
            Channel channel =
                    new ServerBootstrap()
                            .group(group)
                            .channel(NioServerSocketChannel.class)
                            .childHandler(pipeline(handler))
                            .bind(new InetSocketAddress(address, port))
                            .syncUninterruptibly()
                            .channel();
            return new ConsoleServer(group, channel, sessions);
        } catch (Exception e) { // a bind failure is thrown unchecked by Netty
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IOException(
                    "cannot serve the console on " + address + ":" + port + ": " + e, e);
        }
    }

    /** Every API of the console, over {@code state}. */
    private static Routes routes(ConsoleState state, Sessions sessions) {
        Changes changes = new Changes(state.calls());
        Routes routes = new Routes();
        ClusterApi cluster = new ClusterApi(state);
        cluster.install(routes);
        new HaApi(state, cluster.view()).install(routes);
        Everywhere everywhere = new Everywhere(state, changes, cluster.view());
        new TopicApi(state, everywhere).install(routes);
        GroupApi groups = new GroupApi(state);
        groups.install(routes);
        new GroupAdminApi(state, everywhere).install(routes);
        new GroupSettingsApi(state, changes, everywhere).install(routes);
        new MetricsApi(state, groups, cluster).install(routes);
        new MessageApi(state, changes).install(routes);
        new TraceApi(state).install(routes);
        ResendApi resend = new ResendApi(state, changes);
        resend.install(routes);
        new DeadLetterApi(state, resend).install(routes);
        new UserApi(changes).install(routes);
        new AclApi(changes).install(routes);
        new LoginApi(state.access(), sessions).install(routes);
        return routes;
    }

    private static ChannelInitializer<SocketChannel> pipeline(ConsoleHandler handler) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline()
                        .addLast(
                                new IdleStateHandler(0, 0, IDLE_SECONDS, TimeUnit.SECONDS),
                                new IdleClose(),
                                new HttpServerCodec(),
                                new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                handler);
            }
        };
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
