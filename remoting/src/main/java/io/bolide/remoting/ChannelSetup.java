package io.bolide.remoting;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Builds one connection's pipeline (TLS if configured, flush batching, idle detection, frame
 * splitting, the connection handler) and the {@link Connection} kept on the channel. Shared by the
 * server and the client: both ends decode the same frames and both may serve requests. Typed on any
 * {@link Channel}, not only sockets, so tests can run the same pipeline on an in-memory channel.
 */
final class ChannelSetup extends ChannelInitializer<Channel> {
    private final PipelineSettings settings;
    private final Dispatcher dispatcher;
    private final AtomicInteger opaques;
    private final Consumer<Connection> onOpen;
    private final ConnectionQuota quota;

    /**
     * @param quota the listener's connection caps, or null for none (a client)
     */
    ChannelSetup(
            PipelineSettings settings,
            Dispatcher dispatcher,
            AtomicInteger opaques,
            Consumer<Connection> onOpen,
            ConnectionQuota quota) {
        this.settings = settings;
        this.dispatcher = dispatcher;
        this.opaques = opaques;
        this.onOpen = onOpen;
        this.quota = quota;
    }

    @Override
    protected void initChannel(Channel channel) {
        if (quota != null && !quota.admit(channel)) {
            channel.close();
            return;
        }
        Connection connection =
                new Connection(
                        channel,
                        opaques,
                        settings.requestType(),
                        dispatcher::isClosing,
                        settings.maxRequests());
        settings.tls().install(channel);
        channel.pipeline()
                .addLast(
                        // Responses written while a read batch is handled are flushed once at
                        // its end: on loopback every flush costs a packet's worth of kernel time.
                        new FlushConsolidationHandler(
                                FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES,
                                false),
                        new IdleStateHandler(0, 0, settings.idleSeconds(), TimeUnit.SECONDS),
                        new FrameSplitter(settings.maxFrame(), connection),
                        new ConnectionHandler(connection, dispatcher, settings.pauseReads()));
        onOpen.accept(connection);
    }
}
