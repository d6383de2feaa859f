package io.bolide.broker.grpc;

import io.bolide.broker.auth.CallCheck;
import io.bolide.broker.lite.Lite;
import io.bolide.broker.pop.PopEngine;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.transaction.CheckSender;
import io.bolide.remoting.LocalCalls;
import io.bolide.remoting.ServerTlsConfig;
import io.bolide.store.ArrivalListener;
import io.bolide.store.MessageStore;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The gRPC endpoint (grpcServerPort, docs/grpc.md): grpc-java on its own shaded Netty, so the
 * broker's Netty version and the endpoint's never constrain each other. RPCs run on a small fixed
 * pool ({@code bolide-grpc}); long-polling deadlines on one timer thread ({@code bolide-grpc-poll})
 * because grpc-java hands work to executors, not to agents.
 */
public final class GrpcEndpoint implements ArrivalListener, AutoCloseable {
    private static final int THREADS = 2;
    private static final long GRACE_SECONDS = 5;

    private final Server server;
    private final ExecutorService executor;
    private final ScheduledExecutorService timer;
    private final ReceiveWaiters waiters;
    private final GrpcProducers producers;

    private GrpcEndpoint(
            Server server,
            ExecutorService executor,
            ScheduledExecutorService timer,
            ReceiveWaiters waiters,
            GrpcProducers producers) {
        this.server = server;
        this.executor = executor;
        this.timer = timer;
        this.waiters = waiters;
        this.producers = producers;
    }

    /**
     * What the endpoint serves from: the broker's tables, store and POP engine; {@code
     * selfSignedDir} keeps the port's own certificate when TLS is on and none is configured.
     */
    public record Parts(
            TopicTable topics,
            MessageStore store,
            PopEngine pops,
            Advertised self,
            String brokerName,
            IntSupplier maxMessageSize,
            LongSupplier longPollingMillis,
            LocalCalls calls,
            ServerTlsConfig tls,
            Path selfSignedDir,
            CallCheck check,
            Predicate<String> orderlyGroups,
            BooleanSupplier sqlFilters,
            Lite lite) {}

    /** Binds {@code bindAddress:port} (0: any free port) and serves. */
    public static GrpcEndpoint start(String bindAddress, int port, Parts parts) throws IOException {
        ExecutorService executor = Executors.newFixedThreadPool(THREADS, named("bolide-grpc"));
        ScheduledThreadPoolExecutor timer =
                new ScheduledThreadPoolExecutor(1, named("bolide-grpc-poll"));
        timer.setRemoveOnCancelPolicy(true);
        ReceiveWaiters waiters = new ReceiveWaiters(executor, timer);
        AtomicInteger bound = new AtomicInteger(port);
        GrpcProducers producers = new GrpcProducers();
        Routes routes =
                new Routes(parts.topics(), parts.brokerName(), parts.self().host(), bound::get);
        try {
            Server server =
                    NettyServerBuilder.forAddress(
                                    new InetSocketAddress(bindAddress, port),
                                    GrpcTls.credentials(
                                            parts.tls(),
                                            parts.selfSignedDir(),
                                            parts.self().host()))
                            .executor(executor)
                            .maxInboundMessageSize(parts.maxMessageSize().getAsInt() + 64 * 1024)
                            .addService(
                                    ServerInterceptors.intercept(
                                            service(parts, routes, waiters, producers),
                                            new Credentials(),
                                            new Peer()))
                            .build()
                            .start();
            bound.set(server.getPort());
            return new GrpcEndpoint(server, executor, timer, waiters, producers);
        } catch (IOException | RuntimeException e) {
            executor.shutdownNow();
            timer.shutdownNow();
            throw e;
        }
    }

    private static ServerServiceDefinition service(
            Parts parts, Routes routes, ReceiveWaiters waiters, GrpcProducers producers) {
        Filters filters = new Filters(parts.sqlFilters());
        Receiver receiver =
                new Receiver(
                        routes,
                        parts.pops(),
                        waiters,
                        parts.orderlyGroups(),
                        filters,
                        parts.lite().subscriptions());
        Guard guard = parts.check() == null ? Guard.OPEN : new Guard(parts.check());
        LiteStreams liteStreams = new LiteStreams();
        parts.lite().subscriptions().onDropped(liteStreams);
        return MessagingService.bind(
                routes,
                new Sender(routes, parts.calls(), parts.maxMessageSize()),
                new MessagingService.Consuming(
                        receiver,
                        new Acks(routes, parts.pops(), waiters),
                        new LiteSyncs(routes, parts.lite().subscriptions())),
                new Telemetry(
                        parts.maxMessageSize(),
                        producers,
                        guard,
                        parts.orderlyGroups(),
                        filters,
                        group -> parts.lite().subscriptions().rules().clientQuota(group),
                        liteStreams,
                        parts.longPollingMillis()),
                new MessagingService.Ends(
                        new Transactions(routes, parts.calls()),
                        new DeadLetters(routes, parts.pops(), parts.store(), parts.calls()),
                        new Recalls(routes, parts.calls())),
                new MessagingService.Pulling(
                        new Offsets(routes, parts.calls()),
                        new Pulls(routes, parts.calls(), filters)),
                guard);
    }

    /** The producers connected over gRPC: where transaction checks of their topics go. */
    public CheckSender producers() {
        return producers;
    }

    /** Receives held for long polling right now. */
    public int heldReceives() {
        return waiters.held();
    }

    /** The port the endpoint listens on. */
    public int port() {
        return server.getPort();
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        waiters.arrived(topic, queueId, queueOffset, tagsCode);
    }

    /** Answers waiting receives, stops accepting calls and lets those in flight finish. */
    @Override
    public void close() {
        waiters.answerAll();
        server.shutdown();
        try {
            if (!server.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
            timer.shutdownNow();
            executor.shutdown();
            executor.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.shutdownNow();
            executor.shutdownNow();
        }
    }

    private static ThreadFactory named(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread thread = new Thread(r, name + "-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
