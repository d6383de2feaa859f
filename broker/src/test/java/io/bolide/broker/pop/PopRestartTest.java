package io.bolide.broker.pop;

import static io.bolide.broker.pop.PopFlowTest.bodies;
import static io.bolide.broker.pop.PopFlowTest.byBody;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bookkeeping across a restart: acked messages stay acked, unacked ones come back. */
class PopRestartTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    @Test
    void shouldKeepInFlightAndAckedMessagesAcrossARestart() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            for (String body : List.of("a", "b", "c")) {
                f.put(0, body);
            }
            List<MessageExt> got = PopFixture.messages(f.pop(32));
            f.ack(byBody(got, "b"));
            f.duty(); // the agent writes the log's batch
        }
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactlyInAnyOrder("a", "c");
        }
    }

    @Test
    void shouldRedeliverWhatALostBatchHadTakenAfterAKill() throws Exception {
        PopFixture first = new PopFixture(dir, clock);
        first.put(0, "a");
        first.put(0, "b");
        List<MessageExt> got = PopFixture.messages(first.pop(32));
        assertThat(got).hasSize(2);
        // Killed before the agent wrote the batch: no pop log record of this pop survives.
        first.server.close();
        first.store.close();

        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("a", "b");
        }
    }

    @Test
    void shouldIgnoreATornTailOfThePopLog() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            f.pop(32);
            f.duty();
            f.put(0, "b");
        }
        Files.write(
                dir.resolve("config/pop.log"),
                new byte[] {0, 0, 1, 0, 7, 7},
                StandardOpenOption.APPEND);
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("b");
            f.duty();
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactlyInAnyOrder("a", "b");
        }
    }

    @Test
    void shouldRebuildTheSameStateFromACompactedLog() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            for (String body : List.of("a", "b", "c", "d")) {
                f.put(1, body);
            }
            List<MessageExt> got = PopFixture.messages(f.pop(2));
            f.ack(got.get(0));
            f.duty();
            long before = Files.size(dir.resolve("config/pop.log"));
            assertThat(f.book.compactIfLarger(0)).isTrue();
            assertThat(Files.size(dir.resolve("config/pop.log"))).isLessThan(before);
            f.ack(got.get(1)); // appended after the snapshot
            f.duty();
        }
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("c", "d");
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("c", "d");
        }
    }
}
