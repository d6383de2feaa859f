package io.bolide.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on a loopback port that forwards to one target and injects network faults on demand:
 * {@link #cut()} drops every connection and refuses new ones, {@link #stall()} keeps connections
 * open but forwards nothing (a hung peer, a full network path), {@link #resume()} ends either.
 * Plain blocking sockets and two threads per connection: it carries a test's few links, not load.
 */
public final class FaultProxy implements AutoCloseable {
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Pair> pairs = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private final Thread acceptor;
    private volatile boolean cut;
    private volatile boolean stalled;
    private volatile boolean closed;
    private volatile int accepted;

    private FaultProxy(ServerSocket server, InetSocketAddress target) {
        this.server = server;
        this.target = target;
        this.acceptor = new Thread(this::acceptLoop, "fault-proxy-" + server.getLocalPort());
        acceptor.setDaemon(true);
    }

    /** Starts forwarding from a free loopback port to {@code host:port}. */
    public static FaultProxy start(String host, int port) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        FaultProxy proxy = new FaultProxy(server, new InetSocketAddress(host, port));
        proxy.acceptor.start();
        return proxy;
    }

    /** The port peers connect to instead of the target's. */
    public int port() {
        return server.getLocalPort();
    }

    /** Connections accepted so far (refused ones included): a reconnect shows here. */
    public int accepted() {
        return accepted;
    }

    /** Connections forwarding now. */
    public int open() {
        return pairs.size();
    }

    /** Closes every connection and, until {@link #resume()}, closes new ones at once. */
    public void cut() {
        cut = true;
        for (Pair pair : pairs) {
            pair.close();
        }
    }

    /** Stops forwarding bytes in both directions, connections left open, until resumed. */
    public void stall() {
        stalled = true;
    }

    /** Ends a cut or a stall: bytes flow again and new connections are forwarded. */
    public void resume() {
        synchronized (gate) {
            cut = false;
            stalled = false;
            gate.notifyAll();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                accepted++;
                if (cut) {
                    client.close();
                    continue;
                }
                connect(client);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void connect(Socket client) throws IOException {
        Socket upstream = new Socket();
        try {
            upstream.connect(target, 3_000);
        } catch (IOException e) {
            client.close(); // the target is down: the peer sees its connection refused, late
            upstream.close();
            return;
        }
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        Pair pair = new Pair(client, upstream);
        pairs.add(pair);
        pair.start();
    }

    /** Blocks while stalled; false once the proxy or the connection closed. */
    private boolean awaitFlowing(Pair pair) throws InterruptedException {
        synchronized (gate) {
            while (stalled && !closed && !pair.closed) {
                gate.wait(100); // woken by resume(); the bound re-checks close
            }
        }
        return !closed && !pair.closed;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Pair pair : pairs) {
            pair.close();
        }
        synchronized (gate) {
            gate.notifyAll();
        }
    }

    /** One proxied connection: the peer's socket, the target's, a copying thread each way. */
    private final class Pair {
        private final Socket client;
        private final Socket upstream;
        private volatile boolean closed;

        Pair(Socket client, Socket upstream) {
            this.client = client;
            this.upstream = upstream;
        }

        void start() {
            String name = "fault-proxy-" + client.getPort();
            Thread up = new Thread(() -> copy(client, upstream), name + "-up");
            Thread down = new Thread(() -> copy(upstream, client), name + "-down");
            up.setDaemon(true);
            down.setDaemon(true);
            up.start();
            down.start();
        }

        private void copy(Socket from, Socket to) {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    if (!awaitFlowing(this)) {
                        break;
                    }
                    out.write(buffer, 0, read);
                }
            } catch (IOException e) {
                // either side closed: the pair ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                close();
            }
        }

        void close() {
            closed = true;
            pairs.remove(this);
            try {
                client.close();
            } catch (IOException e) {
                // closing anyway
            }
            try {
                upstream.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
