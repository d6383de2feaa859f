package io.bolide.bench.e2e;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.QueryRouteRequest;
import io.bolide.grpc.v2.Resource;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.grpc.stub.ClientCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The cost of a new connection to the gRPC port (docs/benchmarks.md, "gRPC port: the cost of a TLS
 * connection"), TLS against plaintext on the same permissive port: THREADS threads each open a
 * connection, make one route query on it (so the TLS handshake and the HTTP/2 setup are complete)
 * and close it, again and again for SECONDS per kind after a warm-up. Reported: connections per
 * second and the median and 99th percentile time of connect-plus-first-call. Broker and clients
 * share this one JVM.
 *
 * <p>Arguments: seconds per kind (default 10), threads (default 4).
 */
public final class GrpcHandshakes {
    private GrpcHandshakes() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        Path store = Files.createTempDirectory("bolide-grpc-tls-bench");
        try (Broker broker =
                Broker.start(
                        BrokerConfig.builder()
                                .storePathRootDir(store)
                                .listenPort(0)
                                .brokerIP1("127.0.0.1")
                                .set("bindAddress", "127.0.0.1")
                                .set("grpcServerPort", "0")
                                .build())) {
            SslContext tls =
                    GrpcSslContexts.forClient()
                            .trustManager(InsecureTrustManagerFactory.INSTANCE)
                            .build();
            int port = broker.grpcPort();
            run("warm-up plaintext", port, null, Math.max(2, seconds / 2), threads);
            run("warm-up TLS", port, tls, Math.max(2, seconds / 2), threads);
            System.out.println("| kind | threads | connections/s | connect+call p50 ms | p99 ms |");
            System.out.println("|---|---|---|---|---|");
            System.out.println(run("plaintext", port, null, seconds, threads));
            System.out.println(run("TLS", port, tls, seconds, threads));
        }
    }

    private static String run(String kind, int port, SslContext tls, int seconds, int threads)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<long[]>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            futures.add(pool.submit(() -> connections(port, tls, end)));
        }
        List<Long> times = new ArrayList<>();
        for (Future<long[]> future : futures) {
            for (long time : future.get()) {
                times.add(time);
            }
        }
        pool.shutdown();
        long[] sorted = times.stream().mapToLong(Long::longValue).sorted().toArray();
        return String.format(
                "| %s | %d | %.0f | %.2f | %.2f |",
                kind,
                threads,
                sorted.length / (double) seconds,
                percentile(sorted, 0.50) / 1e6,
                percentile(sorted, 0.99) / 1e6);
    }

    /** Connect, one call, close, until {@code end}: the nanoseconds of each connect-and-call. */
    private static long[] connections(int port, SslContext tls, long end) throws Exception {
        long[] times = new long[1 << 12];
        int n = 0;
        QueryRouteRequest request =
                QueryRouteRequest.newBuilder()
                        .setTopic(Resource.newBuilder().setName("SELF_TEST_TOPIC"))
                        .build();
        while (System.nanoTime() < end) {
            NettyChannelBuilder builder = NettyChannelBuilder.forAddress("127.0.0.1", port);
            ManagedChannel channel =
                    (tls == null ? builder.usePlaintext() : builder.sslContext(tls)).build();
            long start = System.nanoTime();
            ClientCalls.blockingUnaryCall(
                    channel,
                    MessagingServiceMethods.QUERY_ROUTE,
                    CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                    request);
            long took = System.nanoTime() - start;
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
            }
            times[n++] = took;
        }
        return Arrays.copyOf(times, n);
    }

    private static long percentile(long[] sorted, double p) {
        return sorted.length == 0
                ? 0
                : sorted[(int) Math.min(sorted.length - 1, p * sorted.length)];
    }
}
