package io.bolide.remoting;

import io.bolide.protocol.frame.SerializeType;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Builds one connection's pipeline (flush batching, idle detection, frame splitting, the connection
 * handler) and the {@link Connection} kept on the channel. Shared by the server and the client:
 * both ends decode the same frames and both may serve requests. Typed on any {@link Channel}, not
 * only sockets, so tests can run the same pipeline on an in-memory channel.
 */
final class ChannelSetup extends ChannelInitializer<Channel> {
    private final int maxFrame;
    private final int idleSeconds;
    private final Dispatcher dispatcher;
    private final AtomicInteger opaques;
    private final SerializeType requestType;
    private final Consumer<Connection> onOpen;
    private final boolean pauseReads;

    ChannelSetup(
            int maxFrame,
            int idleSeconds,
            Dispatcher dispatcher,
            AtomicInteger opaques,
            SerializeType requestType,
            Consumer<Connection> onOpen,
            boolean pauseReads) {
        this.maxFrame = maxFrame;
        this.idleSeconds = idleSeconds;
        this.dispatcher = dispatcher;
        this.opaques = opaques;
        this.requestType = requestType;
        this.onOpen = onOpen;
        this.pauseReads = pauseReads;
    }

    @Override
    protected void initChannel(Channel channel) {
        Connection connection = new Connection(channel, opaques, requestType);
        channel.pipeline()
                .addLast(
                        // Responses written while a read batch is handled are flushed once at
                        // its end: on loopback every flush costs a packet's worth of kernel time.
                        new FlushConsolidationHandler(
                                FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES,
                                false),
                        new IdleStateHandler(0, 0, idleSeconds, TimeUnit.SECONDS),
                        new FrameSplitter(maxFrame),
                        new ConnectionHandler(connection, dispatcher, pauseReads));
        onOpen.accept(connection);
    }
}
