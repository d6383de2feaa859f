package io.bolide.broker.ha;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.HARuntimeInfo;
import io.bolide.remoting.Transport;
import io.bolide.store.MessageStore;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's side of HA (classic, or epoch-aware in controller mode): keeps one link to the master's
 * HA port ({@link MasterLink}), reconnecting with a back-off (100 ms doubling to 5 s) whenever it
 * drops. The master's address comes from {@code haMasterAddress} or later through {@link
 * #masterHaAddress(String)} (the name-server registration learns it). Everything runs on one
 * event-loop thread ({@code bolide-ha-slave}).
 */
public final class HaClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HaClient.class);
    private static final long TICK_MS = 100;
    private static final long FIRST_BACKOFF_MS = 100;
    private static final long MAX_BACKOFF_MS = 5_000;

    private final MessageStore store;
    private final EventLoopGroup loop;
    private final Bootstrap bootstrap;
    private final ClientCounters counters = new ClientCounters();
    private volatile String address;
    private volatile boolean closed;
    private volatile Channel channel;
    private volatile MasterLink link;
    private boolean connecting;
    private long backoffMs = FIRST_BACKOFF_MS;

    private HaClient(MessageStore store, HaSettings settings, EpochMode epochs) {
        this.store = store;
        Transport transport = Transport.choose(true);
        this.loop = transport.newGroup(1, "bolide-ha-slave");
        this.bootstrap =
                new Bootstrap()
                        .group(loop)
                        .channel(transport.clientChannel())
                        .option(ChannelOption.TCP_NODELAY, true)
                        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 3_000)
                        .handler(
                                new ChannelInitializer<SocketChannel>() {
                                    @Override
                                    protected void initChannel(SocketChannel ch) {
                                        ch.pipeline().addLast(newLink(settings, epochs));
                                    }
                                });
    }

    private ChannelHandler newLink(HaSettings settings, EpochMode epochs) {
        LinkDialect dialect =
                epochs == null
                        ? new ClassicDialect()
                        : new EpochDialect(store, epochs.epochs(), epochs.brokerId());
        MasterLink created = new MasterLink(store, settings, counters, dialect);
        link = created;
        return created;
    }

    /** Starts following {@code haMasterAddress} when it is set; else waits for one. */
    public static HaClient start(BrokerConfig config, MessageStore store) {
        return start(config, store, null);
    }

    /**
     * As {@link #start(BrokerConfig, MessageStore)}; with {@code epochs} (controller mode) the link
     * speaks the epoch-aware protocol and cuts this log back to the master's terms first.
     */
    public static HaClient start(BrokerConfig config, MessageStore store, EpochMode epochs) {
        HaClient client = new HaClient(store, HaSettings.of(config), epochs);
        client.loop.scheduleAtFixedRate(client::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        String configured = config.haMasterAddress();
        if (configured != null && !configured.isBlank()) {
            client.masterHaAddress(configured.trim());
        }
        return client;
    }

    /**
     * Follows the master at {@code haAddress} ({@code host:port} of its HA listener); a different
     * address drops the current link and connects there. Null stops following.
     */
    public void masterHaAddress(String haAddress) {
        String old = address;
        if (haAddress == null ? old == null : haAddress.equals(old)) {
            return;
        }
        address = haAddress;
        LOG.info("HA: master HA address {} -> {}", old, haAddress);
        loop.execute(
                () -> {
                    Channel current = channel;
                    if (current != null) {
                        current.close(); // its close listener reconnects to the new address
                    } else {
                        connect();
                    }
                });
    }

    private void connect() {
        String target = address;
        if (closed || connecting || channel != null || target == null) {
            return;
        }
        int colon = target.lastIndexOf(':');
        if (colon < 0) {
            LOG.error("HA: master HA address '{}' is not host:port", target);
            return;
        }
        connecting = true;
        ChannelFuture future =
                bootstrap.connect(
                        target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)));
        future.addListener(f -> connected(future, target));
    }

    private void connected(ChannelFuture future, String target) {
        connecting = false;
        if (!future.isSuccess()) {
            LOG.warn("HA: cannot connect to master {}: {}", target, future.cause().toString());
            retryLater();
            return;
        }
        backoffMs = FIRST_BACKOFF_MS;
        Channel ch = future.channel();
        channel = ch;
        ch.closeFuture()
                .addListener(
                        f -> {
                            channel = null;
                            link = null;
                            retryLater();
                        });
    }

    private void retryLater() {
        if (closed) {
            return;
        }
        long delay = backoffMs;
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
        loop.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    private void tick() {
        counters.roll(System.nanoTime());
        MasterLink current = link;
        if (current != null) {
            current.tick(System.nanoTime());
        }
    }

    /** Whether the link to the master is up. */
    public boolean connected() {
        Channel ch = channel;
        return ch != null && ch.isActive();
    }

    /** The master followed, the link and this slave's commit-log end. */
    public ReplicationState state() {
        return new ReplicationState(
                "slave", store.maxPhysicalOffset(), 0, address, connected(), List.of());
    }

    /** The reference's HA status of a slave: its master, its log end, the link's traffic. */
    public HARuntimeInfo runtime() {
        HARuntimeInfo.ClientInfo info =
                new HARuntimeInfo.ClientInfo(
                        address,
                        counters.bytesLastSecond(),
                        store.maxPhysicalOffset(),
                        counters.lastReadMillis(),
                        counters.lastWriteMillis(),
                        0);
        return new HARuntimeInfo(false, 0, 0, List.of(), info);
    }

    /** Bytes appended from the master since start. */
    public long bytesReceived() {
        return counters.received();
    }

    /** Drops the link and stops reconnecting. */
    @Override
    public void close() {
        closed = true;
        Channel ch = channel;
        if (ch != null) {
            ch.close().syncUninterruptibly();
        }
        loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
