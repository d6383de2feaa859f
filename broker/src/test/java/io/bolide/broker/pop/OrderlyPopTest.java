package io.bolide.broker.pop;

import static io.bolide.broker.pop.PopFlowTest.bodies;
import static io.bolide.broker.pop.PopFlowTest.byBody;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orderly POP (order=true): a queue's next messages wait until its batch is acknowledged or falls
 * due; a batch that falls due is handed out again from the queue itself with its order counts, not
 * through the retry topic; the bookkeeping survives a restart.
 */
class OrderlyPopTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    @Test
    void shouldBlockTheQueueUntilTheBatchIsAckedAndCountRedeliveries() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            for (String body : List.of("a", "b", "c")) {
                f.put(0, body);
            }
            Wire.Reply first = orderlyPop(f, 2);
            assertThat(first.fields()).containsEntry("reviveQid", "999");
            assertThat(ExtraInfoUtil.parseOrderCountInfo(first.fields().get("orderCountInfo")))
                    .isEqualTo(Map.of("0@0", 0));
            assertThat(bodies(PopFixture.messages(first))).containsExactly("a", "b");
            assertThat(orderlyPop(f, 2).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);

            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(f.topics.get(ReceiptHandle.retryTopic(PopFixture.GROUP, PopFixture.TOPIC)))
                    .isNull();
            Wire.Reply again = orderlyPop(f, 2);
            List<MessageExt> second = PopFixture.messages(again);
            assertThat(bodies(second)).containsExactly("a", "b");
            Map<String, Integer> counts =
                    ExtraInfoUtil.parseOrderCountInfo(again.fields().get("orderCountInfo"));
            assertThat(counts).containsEntry("0@0", 1);
            assertThat(counts.get(ExtraInfoUtil.getQueueOffsetMapKey("0", 0, 0))).isEqualTo(1);
            assertThat(counts.get(ExtraInfoUtil.getQueueOffsetMapKey("0", 0, 1))).isEqualTo(1);

            assertThat(f.ack(byBody(second, "a")).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(orderlyPop(f, 2).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            f.ack(byBody(second, "b"));
            Wire.Reply third = orderlyPop(f, 2);
            assertThat(bodies(PopFixture.messages(third))).containsExactly("c");
            assertThat(ExtraInfoUtil.parseOrderCountInfo(third.fields().get("orderCountInfo")))
                    .isEqualTo(Map.of("0@0", 0));
        }
    }

    @Test
    void shouldHandAnOrderlyBatchOutAgainFromTheQueueAfterARestart() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            f.put(0, "b");
            assertThat(bodies(PopFixture.messages(orderlyPop(f, 32)))).containsExactly("a", "b");
            f.duty();
        }
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(orderlyPop(f, 32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(orderlyPop(f, 32)))).containsExactly("a", "b");
            f.duty();
        }
        try (PopFixture f = new PopFixture(dir, clock)) {
            // The rewind was logged too: blocked by the second delivery, then handed out again.
            assertThat(orderlyPop(f, 32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(orderlyPop(f, 32)))).containsExactly("a", "b");
            assertThat(f.topics.get(ReceiptHandle.retryTopic(PopFixture.GROUP, PopFixture.TOPIC)))
                    .isNull();
        }
    }

    @Test
    void shouldWakeAHeldOrderlyPopWhenItsBatchFallsDue() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            assertThat(bodies(PopFixture.messages(orderlyPop(f, 32)))).containsExactly("a");
            assertThat(orderlyPop(f, 32, 60_000)).isNull();
            f.duty();
            assertThat(Wire.next(f.server)).isNull();
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            f.duty();
            assertThat(bodies(PopFixture.messages(Wire.next(f.server)))).containsExactly("a");
        }
    }

    private static Wire.Reply orderlyPop(PopFixture f, int max) {
        return orderlyPop(f, max, 0);
    }

    private static Wire.Reply orderlyPop(PopFixture f, int max, long pollTime) {
        Map<String, String> fields =
                new java.util.HashMap<>(PopFixture.pop(max, PopFixture.INVISIBLE, pollTime));
        fields.put("queueId", "0");
        fields.put("order", "true");
        return Wire.call(f.server, RequestCode.POP_MESSAGE, fields, null);
    }
}
