package io.bolide.broker.pop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POP, ack, change of invisible time and revive, on a clock the test moves. */
class PopFlowTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    @Test
    void shouldPopEachMessageOnceAndNotRedeliverAckedOnes() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            f.put(1, "b");
            f.put(0, "c");
            Wire.Reply reply = f.pop(32);
            assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
            List<MessageExt> got = PopFixture.messages(reply);
            assertThat(bodies(got)).containsExactlyInAnyOrder("a", "b", "c");
            assertThat(reply.longField("popTime")).isEqualTo(clock.millis());
            assertThat(reply.longField("invisibleTime")).isEqualTo(PopFixture.INVISIBLE);
            assertThat(reply.longField("restNum")).isZero();

            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            for (MessageExt m : got) {
                assertThat(f.ack(m).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE + 1));
            f.duty();
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            assertThat(f.offsets.query(PopFixture.GROUP, PopFixture.TOPIC, 0)).isEqualTo(2);
            assertThat(f.offsets.query(PopFixture.GROUP, PopFixture.TOPIC, 1)).isEqualTo(1);
        }
    }

    @Test
    void shouldStartANewGroupAtTheFirstOffsetOfAYoungQueueEvenFromTheLastOffset() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(1, "sent before the group's first pop of queue 1");
            Map<String, String> fromLast = PopFixture.pop(32, PopFixture.INVISIBLE, 0);
            fromLast.put("initMode", "1");

            Wire.Reply reply = Wire.call(f.server, RequestCode.POP_MESSAGE, fromLast, null);

            assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(bodies(PopFixture.messages(reply)))
                    .containsExactly("sent before the group's first pop of queue 1");
        }
    }

    @Test
    void shouldRedeliverAnUnackedMessageThroughTheRetryTopicAfterItsInvisibleTime()
            throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            f.put(0, "b");
            List<MessageExt> first = PopFixture.messages(f.pop(32));
            MessageExt a = byBody(first, "a");
            f.ack(byBody(first, "b"));

            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE - 1));
            f.duty();
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);

            clock.advance(Duration.ofMillis(1));
            assertThat(f.duty()).isPositive();
            Wire.Reply again = f.pop(32);
            assertThat(again.code()).isEqualTo(ResponseCode.SUCCESS);
            List<MessageExt> second = PopFixture.messages(again);
            assertThat(bodies(second)).containsExactly("a");
            MessageExt retried = second.get(0);
            assertThat(retried.getTopic()).isEqualTo("%RETRY%popGroup_PopTopic");
            assertThat(retried.getReconsumeTimes()).isEqualTo(1);
            assertThat(retried.getMsgId()).isEqualTo(a.getMsgId());
            assertThat(retried.getProperty("1ST_POP_TIME")).isNotNull();
            assertThat(retried.getProperty("POP_CK").split(" ")[4]).isEqualTo("1");

            // Acknowledging the retry ends it: nothing comes back after another invisible time.
            assertThat(f.ack(retried).code()).isEqualTo(ResponseCode.SUCCESS);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE * 2));
            f.duty();
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        }
    }

    @Test
    void shouldPushTheDeadlineBackOnChangeInvisibleTimeAndRetireTheOldHandle() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            MessageExt a = PopFixture.messages(f.pop(32)).get(0);
            String[] h = a.getProperty("POP_CK").split(" ");
            clock.advance(Duration.ofMillis(1_000));
            Wire.Reply changed =
                    Wire.call(
                            f.server,
                            RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                            Wire.fields(
                                    "consumerGroup",
                                    PopFixture.GROUP,
                                    "topic",
                                    PopFixture.TOPIC,
                                    "queueId",
                                    h[6],
                                    "offset",
                                    h[7],
                                    "extraInfo",
                                    a.getProperty("POP_CK"),
                                    "invisibleTime",
                                    60_000),
                            null);
            assertThat(changed.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(changed.longField("popTime")).isEqualTo(clock.millis());
            assertThat(changed.longField("invisibleTime")).isEqualTo(60_000);

            // The old handle acknowledges nothing now.
            assertThat(f.ack(a).code()).isEqualTo(ResponseCode.SUCCESS);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            clock.advance(Duration.ofMillis(60_000 - PopFixture.INVISIBLE));
            f.duty();
            assertThat(bodies(PopFixture.messages(f.pop(32)))).containsExactly("a");
        }
    }

    @Test
    void shouldMoveAMessageToTheDeadLetterQueueAfterTheGroupsRetryMaxTimes() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.groups.put(
                    SubscriptionGroupConfig.builder(PopFixture.GROUP).retryMaxTimes(2).build());
            f.put(0, "a");
            for (int delivery = 0; delivery < 3; delivery++) {
                List<MessageExt> got = PopFixture.messages(f.pop(32));
                assertThat(bodies(got)).containsExactly("a");
                assertThat(got.get(0).getReconsumeTimes()).isEqualTo(delivery);
                clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
                f.duty();
            }
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            assertThat(f.store.store().maxOffset("%DLQ%popGroup", 0)).isEqualTo(1);
            // Counted for the metrics: two revivals through retry copies, then the dead letter.
            String retry = "%RETRY%popGroup_PopTopic";
            Map<String, Long> revived = new HashMap<>();
            f.stats.pop().forEach((g, t, status, n) -> revived.put(g + "/" + t + "/" + status, n));
            assertThat(revived)
                    .containsOnly(
                            Map.entry("popGroup/PopTopic/PUT_OK", 1L),
                            Map.entry("popGroup/" + retry + "/PUT_OK", 1L));
            assertThat(f.stats.deadLetters().get(PopFixture.GROUP, retry)).isEqualTo(1);
        }
    }

    @Test
    void shouldHoldAnEmptyPopUntilAMessageArrivesOrThePollTimePasses() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            Wire.Reply held =
                    Wire.call(
                            f.server,
                            RequestCode.POP_MESSAGE,
                            PopFixture.pop(32, PopFixture.INVISIBLE, 20_000),
                            null);
            assertThat(held).isNull();
            f.duty();
            assertThat(Wire.next(f.server)).isNull();
            f.put(1, "x");
            f.duty();
            Wire.Reply woken = Wire.next(f.server);
            assertThat(woken.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(bodies(PopFixture.messages(woken))).containsExactly("x");

            assertThat(
                            Wire.call(
                                    f.server,
                                    RequestCode.POP_MESSAGE,
                                    PopFixture.pop(32, PopFixture.INVISIBLE, 20_000),
                                    null))
                    .isNull();
            clock.advance(Duration.ofMillis(19_999));
            f.duty();
            assertThat(Wire.next(f.server)).isNull();
            clock.advance(Duration.ofMillis(1));
            f.duty();
            assertThat(Wire.next(f.server).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        }
    }

    static List<String> bodies(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
    }

    static MessageExt byBody(List<MessageExt> messages, String body) {
        return messages.stream()
                .filter(m -> body.equals(new String(m.getBody(), StandardCharsets.UTF_8)))
                .findFirst()
                .orElseThrow();
    }
}
