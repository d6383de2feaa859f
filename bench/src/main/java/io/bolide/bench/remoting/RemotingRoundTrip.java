package io.bolide.bench.remoting;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.rocketmq.remoting.netty.NettyRemotingServer;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Request/response round trips per second over loopback: the Bolide server, Apache's 5.4.0 remoting
 * server and a raw Netty echo (the ceiling), each driven by the same pipelined client with 1, 16
 * and 64 requests in flight on one connection. Handlers answer with the request's 1 KiB body, so
 * every server moves the same bytes as the echo.
 *
 * <p>Usage: {@code RemotingRoundTrip [warmupSeconds] [measureSeconds] [callers,...] [rounds]}
 */
public final class RemotingRoundTrip {
    private static final int CODE = 100;
    private static final int BODY = 1024;
    private static final String ECHO = "raw Netty echo";
    private static final String APACHE = "Apache 5.4.0 server";
    private static final String BOLIDE = "Bolide server";

    /** A server the load runs against. */
    interface Target {
        int port();

        void stop() throws Exception;
    }

    private RemotingRoundTrip() {}

    /** Runs the comparison and prints the table. */
    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int measure = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int[] callers = parseCallers(args.length > 2 ? args[2] : "1,16,64");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup clientGroup = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        EventLoopGroup echoGroup = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        ByteBuf request = requestFrame();
        Map<String, Target> targets = new LinkedHashMap<>();
        try {
            targets.put(ECHO, echo(echoGroup, epoll));
            targets.put(BOLIDE, bolide());
            targets.put(APACHE, apache());
            Load load = new Load(clientGroup, epoll, request, warmup, measure);
            Map<String, long[]> medians = measureInterleaved(targets, load, callers, rounds);
            print(medians, callers, epoll, rounds);
            targets.remove(ECHO).stop(); // the echo cannot answer a real client's requests
            try (ApacheClientDriver apacheClient =
                    new ApacheClientDriver(CODE, BODY, warmup, measure)) {
                printClientTable(
                        measureInterleaved(targets, apacheClient, callers, rounds), callers);
            }
        } finally {
            for (Target target : targets.values()) {
                target.stop();
            }
            request.release();
            clientGroup.shutdownGracefully().sync();
            echoGroup.shutdownGracefully().sync();
        }
    }

    /** Something that drives a target with a number of callers and reports its rate. */
    interface Driver {
        long roundTripsPerSecond(Target target, int callers) throws InterruptedException;
    }

    /** How one measurement drives its target. */
    private record Load(
            EventLoopGroup group, boolean epoll, ByteBuf request, int warmup, int measure)
            implements Driver {
        @Override
        public long roundTripsPerSecond(Target target, int callers) throws InterruptedException {
            PipelinedLoad load =
                    PipelinedLoad.open(
                            group,
                            epoll ? EpollSocketChannel.class : NioSocketChannel.class,
                            target.port(),
                            request,
                            callers);
            Thread.sleep(warmup * 1000L);
            long before = load.responses();
            long start = System.nanoTime();
            Thread.sleep(measure * 1000L);
            long count = load.responses() - before;
            long elapsed = System.nanoTime() - start;
            load.close();
            return count * 1_000_000_000L / elapsed;
        }
    }

    /**
     * Measures every target at every caller count, rounds times, the targets taking turns so a
     * shared machine's changing load falls on all of them alike; keeps the median per cell.
     */
    private static Map<String, long[]> measureInterleaved(
            Map<String, Target> targets, Driver load, int[] callers, int rounds)
            throws InterruptedException {
        Map<String, long[][]> samples = new LinkedHashMap<>();
        targets.keySet().forEach(name -> samples.put(name, new long[callers.length][rounds]));
        for (int r = 0; r < rounds; r++) {
            for (int c = 0; c < callers.length; c++) {
                for (Map.Entry<String, Target> e : targets.entrySet()) {
                    samples.get(e.getKey())[c][r] =
                            load.roundTripsPerSecond(e.getValue(), callers[c]);
                }
            }
        }
        Map<String, long[]> medians = new LinkedHashMap<>();
        samples.forEach(
                (name, cells) -> {
                    long[] median = new long[callers.length];
                    for (int c = 0; c < callers.length; c++) {
                        long[] sorted = cells[c].clone();
                        Arrays.sort(sorted);
                        median[c] = sorted[rounds / 2];
                    }
                    medians.put(name, median);
                });
        return medians;
    }

    private static int[] parseCallers(String list) {
        String[] parts = list.split(",");
        int[] callers = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            callers[i] = Integer.parseInt(parts[i].trim());
        }
        return callers;
    }

    private static ByteBuf requestFrame() {
        ByteBuf frame = PooledByteBufAllocator.DEFAULT.directBuffer();
        ByteBuf body = Unpooled.wrappedBuffer(new byte[BODY]);
        CommandEncoder.encodeWithBody(frame, SerializeType.JSON, CODE, 0, 0, null, null, body);
        return frame;
    }

    private static Target echo(EventLoopGroup group, boolean epoll) throws InterruptedException {
        EchoCeiling echo =
                EchoCeiling.start(
                        group,
                        epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class);
        return new Target() {
            @Override
            public int port() {
                return echo.port();
            }

            @Override
            public void stop() throws Exception {
                echo.stop();
            }
        };
    }

    private static Target bolide() throws InterruptedException {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .bindAddress("127.0.0.1")
                                .ioThreads(1)
                                .build());
        server.registerHandler(
                CODE,
                (request, exchange) -> exchange.respond(0, null, null, request.body().retain()));
        server.start();
        return new Target() {
            @Override
            public int port() {
                return server.port();
            }

            @Override
            public void stop() throws Exception {
                server.shutdown(Duration.ofSeconds(5));
            }
        };
    }

    private static Target apache() {
        NettyServerConfig config = new NettyServerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        NettyRemotingServer server = new NettyRemotingServer(config);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        server.registerProcessor(CODE, new ApacheEcho(), pool);
        server.start();
        return new Target() {
            @Override
            public int port() {
                return server.localListenPort();
            }

            @Override
            public void stop() {
                server.shutdown();
                pool.shutdownNow();
            }
        };
    }

    /** Apache's side of the comparison: answers with the request's body. */
    private static final class ApacheEcho implements NettyRequestProcessor {
        @Override
        public RemotingCommand processRequest(
                io.netty.channel.ChannelHandlerContext ctx, RemotingCommand request) {
            RemotingCommand response = RemotingCommand.createResponseCommand(0, null);
            response.setBody(request.getBody());
            return response;
        }

        @Override
        public boolean rejectRequest() {
            return false;
        }
    }

    private static void print(
            Map<String, long[]> results, int[] callers, boolean epoll, int rounds) {
        long[] ceiling = results.getOrDefault(ECHO, new long[callers.length]);
        long[] apache = results.getOrDefault(APACHE, new long[callers.length]);
        System.out.println();
        System.out.println(
                "Round trips/s, loopback, 1 KiB body echoed, one connection, "
                        + (epoll ? "epoll" : "NIO")
                        + ", "
                        + Runtime.getRuntime().availableProcessors()
                        + " CPUs, median of "
                        + rounds
                        + " rounds");
        System.out.printf(
                "%-22s %8s %14s %12s %12s%n",
                "server", "callers", "round trips/s", "of ceiling", "vs Apache");
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, long[]> e : results.entrySet()) {
            for (int i = 0; i < callers.length; i++) {
                long rate = e.getValue()[i];
                lines.add(
                        String.format(
                                "%-22s %8d %14d %11.0f%% %11.2fx",
                                e.getKey(),
                                callers[i],
                                rate,
                                100.0 * rate / ceiling[i],
                                (double) rate / apache[i]));
            }
        }
        lines.forEach(System.out::println);
    }

    private static void printClientTable(Map<String, long[]> results, int[] callers) {
        long[] apache = results.get(APACHE);
        System.out.println();
        System.out.println(
                "Round trips/s with Apache's 5.4.0 NettyRemotingClient, invokeSync from N threads,"
                        + " 1 KiB body echoed");
        System.out.printf(
                "%-22s %8s %14s %12s%n", "server", "callers", "round trips/s", "vs Apache");
        for (Map.Entry<String, long[]> e : results.entrySet()) {
            for (int i = 0; i < callers.length; i++) {
                long rate = e.getValue()[i];
                System.out.println(
                        String.format(
                                "%-22s %8d %14d %11.2fx",
                                e.getKey(), callers[i], rate, (double) rate / apache[i]));
            }
        }
    }
}
