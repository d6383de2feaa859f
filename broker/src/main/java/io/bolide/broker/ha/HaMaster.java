package io.bolide.broker.ha;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.body.HARuntimeInfo;
import io.bolide.remoting.Transport;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A master's side of classic HA: listens on {@code haListenPort}, feeds each connected slave its
 * commit log ({@link SlaveLink}), and under SYNC_MASTER holds each send's answer until a slave
 * acknowledges it ({@link SyncWaiters}). One event-loop thread ({@code bolide-ha-master}) runs
 * every link, the periodic ticks and the deadline sweep.
 */
public final class HaMaster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HaMaster.class);
    private static final long TICK_MS = 100;
    private static final long SWEEP_MS = 10;

    private final MessageStore store;
    private final HaSettings settings;
    private final EventLoopGroup loop;
    private final List<FollowerLink> links = new CopyOnWriteArrayList<>();
    private final SyncWaiters waiters;
    private Channel server;

    /** Controller mode's terms and in-sync rules, or null for classic HA. */
    private final EpochMode epochs;

    /** The controller's SyncStateSet (controller mode), or null. */
    private final InSyncSet members;

    private HaMaster(MessageStore store, HaSettings settings, EpochMode epochs) {
        this.store = store;
        this.settings = settings;
        this.epochs = epochs;
        this.loop = Transport.choose(true).newGroup(1, "bolide-ha-master");
        this.members = epochs == null ? null : epochs.inSync();
        this.waiters =
                new SyncWaiters(
                        members == null ? links::size : () -> members.members().size() - 1,
                        store::maxPhysicalOffset,
                        members == null ? settings.maxGap() : Long.MAX_VALUE,
                        TimeUnit.MILLISECONDS.toNanos(settings.syncTimeoutMs()),
                        System::nanoTime,
                        members != null);
        if (members != null) {
            // Consumers read only what every in-sync replica holds (ReadLimit says why); the
            // records already in the log when the term starts are the group's.
            store.readLimit().holdAt(store.maxPhysicalOffset());
            members.listen(this::membersChanged);
        }
    }

    /** Binds the HA port ({@code haListenPort}; 0 = any free port) and starts serving slaves. */
    public static HaMaster start(BrokerConfig config, MessageStore store) throws IOException {
        return start(config, store, null);
    }

    /**
     * As {@link #start(BrokerConfig, MessageStore)}; with {@code epochs} (controller mode) slaves
     * speak the epoch-aware protocol and are sent this broker's terms.
     */
    public static HaMaster start(BrokerConfig config, MessageStore store, EpochMode epochs)
            throws IOException {
        HaMaster master = new HaMaster(store, HaSettings.of(config), epochs);
        try {
            master.bind(config.bindAddress(), config.haListenPort());
        } catch (IOException | RuntimeException e) {
            master.close();
            throw e;
        }
        return master;
    }

    private void bind(String host, int port) throws IOException {
        ServerBootstrap bootstrap =
                new ServerBootstrap()
                        .group(loop)
                        .channel(Transport.choose(true).serverChannel())
                        .option(ChannelOption.SO_REUSEADDR, true)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childOption(
                                ChannelOption.WRITE_BUFFER_WATER_MARK,
                                new WriteBufferWaterMark(1 << 20, 4 << 20))
                        .childHandler(
                                new ChannelInitializer<SocketChannel>() {
                                    @Override
                                    protected void initChannel(SocketChannel ch) {
                                        accept(ch);
                                    }
                                });
        InetSocketAddress address =
                host == null || host.isEmpty()
                        ? new InetSocketAddress(port)
                        : new InetSocketAddress(host, port);
        try {
            server = bootstrap.bind(address).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while binding the HA port", e);
        } catch (Exception e) {
            throw new IOException("cannot bind the HA port " + address + ": " + e, e);
        }
        loop.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        loop.scheduleAtFixedRate(waiters::sweep, SWEEP_MS, SWEEP_MS, TimeUnit.MILLISECONDS);
        LOG.info("HA: listening for slaves on port {}", port());
    }

    private void accept(SocketChannel ch) {
        FollowerLink link;
        if (epochs == null) {
            SlaveLink classic = new SlaveLink(store, settings, waiters);
            ch.pipeline().addLast(classic);
            link = classic;
        } else {
            EpochSlaveLink epochLink =
                    new EpochSlaveLink(
                            store,
                            settings,
                            epochs.epochs(),
                            this::groupAcked,
                            this::readableEnd,
                            members);
            ch.pipeline().addLast(epochLink);
            link = epochLink;
        }
        links.add(link);
        ch.closeFuture().addListener(f -> links.remove(link));
    }

    private void tick() {
        long now = System.nanoTime();
        for (FollowerLink link : links) {
            link.tick(now);
        }
        if (epochs != null) {
            followConfirmed();
        }
    }

    /**
     * A controller-mode slave reported: releases the sends the group now holds, which is what every
     * in-sync slave acknowledged under {@code allAckInSyncStateSet}, else what the best one did.
     */
    private void groupAcked() {
        long[] acks = inSyncAcks();
        long acked =
                epochs.allAck()
                        ? members != null && InSync.missing(acks) ? -1 : InSync.minAcked(acks)
                        : InSync.maxAcked(acks);
        if (acked >= 0) {
            waiters.acked(acked);
        }
        followConfirmed();
    }

    /**
     * Lets consumers read up to the confirm offset, and only while the SyncStateSet has this master
     * in it: a set without it belongs to the group's next master, and confirms nothing of this log.
     */
    private void followConfirmed() {
        if (members == null || members.members().contains(members.self())) {
            store.readLimit().follow(confirmed());
        }
    }

    /** A SyncStateSet change may release sends (a member left): re-count on the link loop. */
    private void membersChanged() {
        try {
            loop.execute(this::groupAcked);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            LOG.debug("HA: SyncStateSet changed while closing");
        }
    }

    /** The in-sync slaves' acknowledgements; -1 for a SyncStateSet member not linked now. */
    private long[] inSyncAcks() {
        return members == null
                ? InSync.acks(links, store.maxPhysicalOffset(), settings.maxGap())
                : InSync.memberAcks(links, members.members(), members.self());
    }

    /** The offset every in-sync replica holds (the master's end with none): the confirm offset. */
    private long confirmed() {
        long[] acks = inSyncAcks();
        long min = InSync.missing(acks) ? -1 : InSync.minAcked(acks);
        return min < 0 && acks.length == 0 ? store.maxPhysicalOffset() : Math.max(0, min);
    }

    /**
     * What this master lets consumers read, sent to slaves as the confirm offset: they read no
     * further either. It only rises, unlike {@link #confirmed()} while a member is away.
     */
    private long readableEnd() {
        return Math.min(store.readLimit().end(), store.maxPhysicalOffset());
    }

    /** A master alone in its SyncStateSet confirms each record as it is stored. */
    private void confirmAlone() {
        if (members != null && members.members().equals(Set.of(members.self()))) {
            store.readLimit().follow(store.maxPhysicalOffset());
        }
    }

    /**
     * Controller mode's {@code minInSyncReplicas}: whether this master and its in-sync slaves are
     * enough replicas to take a write (always true in classic mode).
     */
    public boolean enoughInSync() {
        return epochs == null || 1 + inSyncAcks().length >= epochs.minInSyncReplicas();
    }

    /** Controller mode: each linked slave's acknowledged offset, by the id it handshook with. */
    public Map<Long, Long> slaveAcks() {
        Map<Long, Long> acks = new HashMap<>();
        for (FollowerLink link : links) {
            if (link.brokerId() >= 0 && link.acked() >= 0) {
                acks.merge(link.brokerId(), link.acked(), Math::max);
            }
        }
        return acks;
    }

    /**
     * Controller mode: what a slave must hold to join the SyncStateSet: everything any SYNC send
     * was acknowledged for, and what every member holds.
     */
    public long joinOffset() {
        return Math.max(confirmed(), waiters.ackedOffset());
    }

    /** The port the HA listener is bound to. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /**
     * ASYNC_MASTER's hook: a send was stored, so ship it now rather than at the next tick.
     *
     * @return null: the send is answered at once
     */
    public CompletableFuture<PutResult> appended(PutResult stored) {
        confirmAlone();
        wakeLinks();
        return null;
    }

    /**
     * SYNC_MASTER's hook: the answer to a stored send, once a slave holds it (or
     * FLUSH_SLAVE_TIMEOUT after {@code syncFlushTimeout}, or SLAVE_NOT_AVAILABLE at once with no
     * slave in sync).
     */
    public CompletableFuture<PutResult> awaitSlave(PutResult stored) {
        CompletableFuture<PutResult> answer = waiters.await(stored);
        confirmAlone();
        wakeLinks();
        return answer;
    }

    private void wakeLinks() {
        for (FollowerLink link : links) {
            link.wake();
        }
    }

    /** Connected slaves and how far each has acknowledged. */
    public ReplicationState state() {
        long end = store.maxPhysicalOffset();
        List<ReplicationState.Slave> slaves = new ArrayList<>(links.size());
        for (FollowerLink link : links) {
            slaves.add(link.state(end));
        }
        return new ReplicationState("master", end, port(), null, false, List.copyOf(slaves));
    }

    /**
     * The reference's HA status of a master: its end, and per slave its acknowledgement, lag,
     * whether it is in sync (within haMaxGapNotInSync; in controller mode, in the SyncStateSet),
     * its transfer speed and where the next transfer starts.
     */
    public HARuntimeInfo runtime() {
        long end = store.maxPhysicalOffset();
        List<HARuntimeInfo.ConnectionInfo> infos = new ArrayList<>(links.size());
        int inSync = 0;
        for (FollowerLink link : links) {
            ReplicationState.Slave slave = link.state(end);
            long ack = slave.ackedOffset();
            boolean in =
                    members == null
                            ? ack >= 0 && end - ack < settings.maxGap()
                            : members.members().contains(link.brokerId());
            inSync += in ? 1 : 0;
            String addr = slave.address();
            infos.add(
                    new HARuntimeInfo.ConnectionInfo(
                            addr.startsWith("/") ? addr.substring(1) : addr,
                            ack,
                            slave.bytesBehind(),
                            in,
                            link.bytesLastSecond(),
                            link.transferFrom()));
        }
        return new HARuntimeInfo(true, end, inSync, infos, null);
    }

    /** Stops listening, closes every link and answers every waiting send (FLUSH_SLAVE_TIMEOUT). */
    @Override
    public void close() {
        if (members != null) {
            members.listen(() -> {});
        }
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        waiters.expireAll();
    }
}
