package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.fixture.Wire;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.remoting.Exchange;
import io.bolide.store.PutResult;
import io.bolide.testsupport.LeakCheck;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers one slave acknowledgement (or one deadline sweep) releases leave per client
 * connection: handed to its I/O thread as one task that writes them in order and flushes once.
 */
@ExtendWith(LeakCheck.class)
class SyncWaitersAnswersTest {
    private static final int CODE = 310;

    private final AtomicLong now = new AtomicLong();
    @TempDir Path dir;
    private StoreFixture store;
    private SyncWaiters waiters;
    private Client a;
    private Client b;

    @BeforeEach
    void open() throws Exception {
        store = StoreFixture.open(dir);
        waiters =
                new SyncWaiters(() -> 1, store.store()::maxPhysicalOffset, 1 << 20, 100, now::get);
        a = new Client();
        b = new Client();
    }

    @AfterEach
    void close() throws Exception {
        a.server.close();
        b.server.close();
        store.close();
    }

    @Test
    void shouldHandEachConnectionTheAnswersOfOneAcknowledgementAsOneWrite() {
        Client[] senders = {a, b, a, a, b, a, b, a, a};
        long end = 0;
        for (int i = 0; i < senders.length; i++) {
            end = senders[i].send("answer-" + i);
        }

        waiters.acked(end);

        assertThat(a.events).as("held for a's I/O thread").isEmpty();
        assertThat(b.events).as("held for b's I/O thread").isEmpty();
        a.server.channel().runPendingTasks();
        b.server.channel().runPendingTasks();
        assertThat(a.events).containsExactly("w", "w", "w", "w", "w", "w", "flush");
        assertThat(b.events).containsExactly("w", "w", "w", "flush");
        assertThat(a.remarks()).containsExactly(0, 2, 3, 5, 7, 8);
        assertThat(b.remarks()).containsExactly(1, 4, 6);
    }

    @Test
    void shouldHandEachConnectionTheTimeoutsOfOneSweepAsOneWrite() {
        a.send("answer-0");
        b.send("answer-1");
        a.send("answer-2");
        now.set(100);

        waiters.sweep();

        a.server.channel().runPendingTasks();
        b.server.channel().runPendingTasks();
        assertThat(a.events).containsExactly("w", "w", "flush");
        assertThat(b.events).containsExactly("w", "flush");
        assertThat(a.remarks()).containsExactly(0, 2);
        assertThat(b.remarks()).containsExactly(1);
    }

    /** One client connection: its sends wait for the slave, its writes and flushes are counted. */
    private final class Client {
        final List<String> events = new ArrayList<>();
        final List<Exchange> exchanges = new ArrayList<>();
        final EmbeddedServer server =
                new EmbeddedServer().register(CODE, (request, exchange) -> exchanges.add(exchange));

        Client() {
            server.channel()
                    .pipeline()
                    .addFirst(
                            new ChannelOutboundHandlerAdapter() {
                                @Override
                                public void write(
                                        ChannelHandlerContext ctx,
                                        Object msg,
                                        ChannelPromise promise) {
                                    events.add("w");
                                    ctx.write(msg, promise);
                                }

                                @Override
                                public void flush(ChannelHandlerContext ctx) {
                                    events.add("flush");
                                    ctx.flush();
                                }
                            });
        }

        /** Sends a request whose answer ({@code remark}) waits for the slave; its end offset. */
        long send(String remark) {
            server.writeInbound(Wire.request(CODE, Map.of(), null));
            Exchange exchange = exchanges.get(exchanges.size() - 1);
            PutResult stored = store.put("T", 0, remark);
            waiters.await(stored).whenComplete((r, t) -> exchange.respond(0, remark));
            return stored.physicalOffset() + stored.wroteBytes();
        }

        /** The numbers of the answers written, in order. */
        List<Integer> remarks() {
            List<Integer> numbers = new ArrayList<>();
            Wire.Reply reply;
            while ((reply = Wire.next(server)) != null) {
                numbers.add(Integer.parseInt(reply.remark().substring("answer-".length())));
            }
            return numbers;
        }
    }
}
