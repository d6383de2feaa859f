package io.bolide.broker.pop;

import static io.bolide.broker.pop.PopFlowTest.bodies;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.lite.LiteNames;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reset of a group's POP position on a queue (a lite subscription's offset option): the next pop
 * reads from the new offset, what was in flight is forgotten, the committed offset follows, and a
 * restart keeps it.
 */
class PopResetTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    @Test
    void shouldPopFromTheResetOffsetAndKeepItAcrossARestart() throws Exception {
        QueueKey key = new QueueKey(PopFixture.GROUP, PopFixture.TOPIC, 0);
        try (PopFixture f = new PopFixture(dir, clock)) {
            for (String body : List.of("a", "b", "c")) {
                f.put(0, body);
            }
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("a", "b", "c");

            f.book.reset(key, 1);

            assertThat(f.offsets.query(PopFixture.GROUP, PopFixture.TOPIC, 0)).isEqualTo(1);
            assertThat(f.book.find(key).inFlightCount()).isZero();
            f.duty(); // the agent writes the log's batch
        }
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("b", "c");
        }
    }

    @Test
    void shouldTellTheLiteTopicsReadersWhenAResetMovesItsQueue() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            PopEngine engine = new PopEngine(f.popper, f.book, "broker-a", f.hold);
            List<String> arrived = new ArrayList<>();
            engine.onLiteArrival(arrived::add);
            String queue = LiteNames.queueName("parent", "l1");

            engine.reset(PopFixture.GROUP, queue, 0, 0);

            // What a move makes available again enters the ready sets of the lite topic's readers.
            assertThat(arrived).containsExactly(queue);
        }
    }
}
