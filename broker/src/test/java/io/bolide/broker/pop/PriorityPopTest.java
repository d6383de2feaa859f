package io.bolide.broker.pop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order a pop reads a PRIORITY topic in (RIP-80), with the draw of each pop set by the test.
 */
class PriorityPopTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    private static void makePriority(PopFixture f, int queues) {
        TopicConfig plain = TopicTable.config(PopFixture.TOPIC, queues, Perm.READ | Perm.WRITE);
        f.topics.put(
                TopicConfig.builder(PopFixture.TOPIC)
                        .readQueueNums(plain.readQueueNums())
                        .writeQueueNums(plain.writeQueueNums())
                        .perm(plain.perm())
                        .attributes(Map.of("message.type", "PRIORITY"))
                        .build());
    }

    @Test
    void shouldPopTheHighestPriorityQueueFirst() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            makePriority(f, 3);
            f.put(0, "low-1");
            f.put(2, "high-1");
            f.put(1, "mid-1");
            f.put(0, "low-2");
            f.put(2, "high-2");

            assertThat(bodies(PopFixture.messages(f.pop(3))))
                    .containsExactly("high-1", "high-2", "mid-1");
            assertThat(bodies(PopFixture.messages(f.pop(3)))).containsExactly("low-1", "low-2");
        }
    }

    @Test
    void shouldPopQueueZeroFirstWhenPriorityOrderIsNotAscending() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            makePriority(f, 3);
            f.highestFirst = false;
            f.put(2, "high");
            f.put(0, "low");

            assertThat(bodies(PopFixture.messages(f.pop(1)))).containsExactly("low");
        }
    }

    @Test
    void shouldRotateQueuesOfATopicThatIsNotPriority() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "q0");
            f.put(1, "q1");

            String first = bodies(PopFixture.messages(f.pop(1))).get(0);
            String second = bodies(PopFixture.messages(f.pop(1))).get(0);

            assertThat(List.of(first, second)).containsExactlyInAnyOrder("q0", "q1");
        }
    }

    @Test
    void shouldReadRetriesFirstOnlyWhenTheDrawFallsUnderTheRetryProbability() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            makePriority(f, 2);
            f.put(0, "retried");
            MessageExt retried = PopFixture.messages(f.pop(1)).get(0);
            assertThat(retried.getBody()).isEqualTo("retried".getBytes(StandardCharsets.UTF_8));
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            assertThat(f.duty()).isPositive();
            f.put(1, "fresh-1");
            f.put(1, "fresh-2");

            f.priorityDraw = 0; // 0 < 0 is false: fresh messages first
            assertThat(bodies(PopFixture.messages(f.pop(1)))).containsExactly("fresh-1");

            f.retryPercentForPriority = 50;
            f.priorityDraw = 49;
            assertThat(bodies(PopFixture.messages(f.pop(1)))).containsExactly("retried");

            f.priorityDraw = 50;
            assertThat(bodies(PopFixture.messages(f.pop(1)))).containsExactly("fresh-2");
        }
    }

    @Test
    void shouldAnswerNotFoundOnceEveryPriorityIsDrained() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            makePriority(f, 2);
            f.put(1, "only");
            assertThat(bodies(PopFixture.messages(f.pop(8)))).containsExactly("only");
            assertThat(f.pop(8).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        }
    }

    private static List<String> bodies(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
    }
}
