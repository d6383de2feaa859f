package io.bolide.bench.remoting;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Drives a server the way applications do: Apache's own 5.4.0 remoting client, one shared
 * connection, {@code callers} threads each calling {@code invokeSync} in a loop.
 */
final class ApacheClientDriver implements RemotingRoundTrip.Driver, AutoCloseable {
    private final NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
    private final int code;
    private final byte[] body;
    private final int warmup;
    private final int measure;

    ApacheClientDriver(int code, int bodySize, int warmup, int measure) {
        this.code = code;
        this.body = new byte[bodySize];
        this.warmup = warmup;
        this.measure = measure;
        client.start();
    }

    @Override
    public long roundTripsPerSecond(RemotingRoundTrip.Target target, int callers)
            throws InterruptedException {
        String address = "127.0.0.1:" + target.port();
        AtomicBoolean running = new AtomicBoolean(true);
        LongAdder count = new LongAdder();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            Thread thread = new Thread(() -> callLoop(address, running, count), "caller-" + i);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        Thread.sleep(warmup * 1000L);
        long before = count.sum();
        long start = System.nanoTime();
        Thread.sleep(measure * 1000L);
        long done = count.sum() - before;
        long elapsed = System.nanoTime() - start;
        running.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
        return done * 1_000_000_000L / elapsed;
    }

    private void callLoop(String address, AtomicBoolean running, LongAdder count) {
        while (running.get()) {
            RemotingCommand request = RemotingCommand.createRequestCommand(code, null);
            request.setBody(body);
            try {
                client.invokeSync(address, request, 3000);
                count.increment();
            } catch (Exception e) {
                throw new IllegalStateException("call failed", e);
            }
        }
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
