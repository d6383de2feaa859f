package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Responses given while a batch is open leave per connection as one task with one flush, in the
 * order given; with no batch open each leaves at once with its own flush.
 */
@ExtendWith(LeakCheck.class)
class ResponseBatchTest {
    private final Peer a = new Peer();
    private final Peer b = new Peer();

    @AfterEach
    void close() {
        a.channel.finishAndReleaseAll();
        b.channel.finishAndReleaseAll();
    }

    @Test
    void answersOfOneBatchLeavePerConnectionWithOneFlushInOrder() {
        Peer[] order = {a, b, a, a, b, a, b, a};
        ResponseBatch batch = ResponseBatch.open();
        for (int opaque = 0; opaque < order.length; opaque++) {
            order[opaque].exchange(opaque).respond(0, null);
        }
        assertThat(a.events).isEmpty();
        assertThat(b.events).isEmpty();
        batch.close();
        // Handed to each connection's event loop as a task: nothing was written on this thread.
        assertThat(a.events).isEmpty();
        assertThat(b.events).isEmpty();

        a.channel.runPendingTasks();
        b.channel.runPendingTasks();

        assertThat(a.events).containsExactly("write", "write", "write", "write", "write", "flush");
        assertThat(b.events).containsExactly("write", "write", "write", "flush");
        assertThat(a.opaques()).containsExactly(0, 2, 3, 5, 7);
        assertThat(b.opaques()).containsExactly(1, 4, 6);
    }

    @Test
    void withNoBatchOpenEachAnswerLeavesAtOnce() {
        a.exchange(1).respond(0, null);
        a.exchange(2).respond(0, null);

        assertThat(a.events).containsExactly("write", "flush", "write", "flush");
        assertThat(a.opaques()).containsExactly(1, 2);
    }

    @Test
    void nestedBatchesHandOverAtTheOutermostClose() {
        ResponseBatch outer = ResponseBatch.open();
        ResponseBatch inner = ResponseBatch.open();
        a.exchange(1).respond(0, null);
        inner.close();
        a.channel.runPendingTasks();
        assertThat(a.events).isEmpty();
        a.exchange(2).respond(0, null);
        outer.close();
        a.channel.runPendingTasks();

        assertThat(a.events).containsExactly("write", "write", "flush");
        assertThat(a.opaques()).containsExactly(1, 2);
        a.exchange(3).respond(0, null);
        assertThat(a.opaques()).as("closed: the next answer leaves at once").containsExactly(3);
    }

    @Test
    void answersHeldForAConnectionThatClosedAreReleased() {
        ResponseBatch batch = ResponseBatch.open();
        a.exchange(1).respond(0, null);
        b.exchange(2).respond(0, null);
        a.channel.close();
        batch.close();
        a.channel.runPendingTasks();
        b.channel.runPendingTasks();

        assertThat(a.opaques()).isEmpty();
        assertThat(b.opaques()).containsExactly(2);
    }

    @Test
    void closingABatchThatIsNotOpenFails() {
        ResponseBatch batch = ResponseBatch.open();
        batch.close();

        assertThatThrownBy(batch::close).isInstanceOf(IllegalStateException.class);
    }

    /** A client connection on an in-memory channel that records writes and flushes. */
    private static final class Peer {
        final List<String> events = new ArrayList<>();
        final EmbeddedChannel channel =
                new EmbeddedChannel(
                        new ChannelOutboundHandlerAdapter() {
                            @Override
                            public void write(
                                    ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                                events.add("write");
                                ctx.write(msg, promise);
                            }

                            @Override
                            public void flush(ChannelHandlerContext ctx) {
                                events.add("flush");
                                ctx.flush();
                            }
                        });
        final Connection connection =
                new Connection(channel, new AtomicInteger(), SerializeType.JSON);

        Exchange exchange(int opaque) {
            return new Exchange(connection, 10, opaque, SerializeType.JSON, false, new InFlight());
        }

        /** The opaques of the responses written so far, in order (drains the channel). */
        List<Integer> opaques() {
            List<Integer> opaques = new ArrayList<>();
            ByteBuf frame;
            while ((frame = channel.readOutbound()) != null) {
                RemotingCommand response = FrameDecoder.decode(frame, 1 << 20);
                try {
                    opaques.add(response.opaque());
                } finally {
                    response.release();
                }
            }
            return opaques;
        }
    }
}
