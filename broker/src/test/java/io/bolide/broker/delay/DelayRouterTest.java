package io.bolide.broker.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.MessageProperties;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DelayRouterTest {
    private static final long NOW = 1_700_000_000_000L;
    private final DelayRouter router =
            new DelayRouter(new DelayConfig(DelayLevels.parse("1s 2s 3s"), 1000, 1000, 60));

    private static String props(String... pairs) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            text.append(pairs[i]).append('\u0001').append(pairs[i + 1]).append('\u0002');
        }
        return text.toString();
    }

    @Test
    void shouldStoreMessagesWithoutDelayPropertiesAsSent() {
        String sent = props("UNIQ_KEY", "ABC", "TAGS", "t");

        assertThat(router.route(sent, "T", 3, 0, NOW)).isSameAs(DelayRoute.DIRECT);
        assertThat(router.route(null, "T", 3, 0, NOW)).isSameAs(DelayRoute.DIRECT);
        assertThat(router.route(props("DELAY", "0"), "T", 3, 0, NOW)).isSameAs(DelayRoute.DIRECT);
    }

    @Test
    void shouldRedirectADelayLevelToItsScheduleQueueWithTheRealTopicAndQueue() {
        DelayRoute route = router.route(props("UNIQ_KEY", "ABC", "DELAY", "2"), "T", 3, 0, NOW);

        assertThat(route.isDelayed()).isTrue();
        assertThat(route.topic("T")).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(route.queueId(3)).isEqualTo(1);
        Map<String, String> stored = MessageProperties.decode(route.properties("ignored"));
        assertThat(stored)
                .containsEntry("UNIQ_KEY", "ABC")
                .containsEntry("DELAY", "2")
                .containsEntry("REAL_TOPIC", "T")
                .containsEntry("REAL_QID", "3");
    }

    @Test
    void shouldClampLevelsAboveTheHighestToTheLastQueue() {
        DelayRoute route = router.route(props("DELAY", "18"), "T", 0, 0, NOW);

        assertThat(route.queueId(0)).isEqualTo(2);
    }

    @Test
    void shouldNeverDelayHalfOrRollbackTransactionalMessages() {
        assertThat(router.route(props("DELAY", "2"), "T", 0, 0x4, NOW)).isSameAs(DelayRoute.DIRECT);
        assertThat(router.route(props("DELAY", "2"), "T", 0, 0xC, NOW)).isSameAs(DelayRoute.DIRECT);
        assertThat(router.route(props("DELAY", "2"), "T", 0, 0x8, NOW).isDelayed()).isTrue();
    }

    @Test
    void shouldFileTimerMessagesWithTheirDeliveryTime() {
        DelayRoute bySeconds = router.route(props("TIMER_DELAY_SEC", "5"), "T", 1, 0, NOW);
        DelayRoute byMillis = router.route(props("TIMER_DELAY_MS", "1500"), "T", 1, 0, NOW);
        DelayRoute at = router.route(props("TIMER_DELIVER_MS", "" + (NOW + 7)), "T", 1, 0, NOW);

        assertThat(bySeconds.topic("T")).isEqualTo("rmq_sys_wheel_timer");
        assertThat(bySeconds.queueId(1)).isZero();
        assertThat(MessageProperties.value(bySeconds.properties(""), "TIMER_OUT_MS"))
                .isEqualTo(Long.toString(NOW + 5000));
        assertThat(MessageProperties.value(byMillis.properties(""), "TIMER_OUT_MS"))
                .isEqualTo(Long.toString(NOW + 1500));
        assertThat(MessageProperties.value(at.properties(""), "TIMER_OUT_MS"))
                .isEqualTo(Long.toString(NOW + 7));
        assertThat(MessageProperties.value(at.properties(""), "REAL_QID")).isEqualTo("1");
    }

    @Test
    void shouldRefuseTimerDelaysBeyondTheMaximumWithTheReferenceRemark() {
        DelayRoute route = router.route(props("TIMER_DELAY_SEC", "61"), "T", 1, 0, NOW);

        assertThat(route.isRefused()).isTrue();
        assertThat(route.refusal())
                .startsWith("timer message illegal, the delay time should not be bigger than")
                .contains("60000ms");
        assertThat(router.route(props("TIMER_DELAY_SEC", "60"), "T", 1, 0, NOW).isDelayed())
                .isTrue();
        assertThat(router.route(props("TIMER_DELAY_MS", "x"), "T", 1, 0, NOW).isRefused()).isTrue();
    }

    @Test
    void shouldTakeANewMaximumForTheSendsAfterIt() {
        router.maxDelaySec(120);
        assertThat(router.route(props("TIMER_DELAY_SEC", "61"), "T", 1, 0, NOW).isDelayed())
                .isTrue();
        DelayRoute beyond = router.route(props("TIMER_DELAY_SEC", "121"), "T", 1, 0, NOW);
        assertThat(beyond.isRefused()).isTrue();
        assertThat(beyond.refusal()).contains("120000ms");

        router.maxDelaySec(30);
        assertThat(router.route(props("TIMER_DELAY_SEC", "31"), "T", 1, 0, NOW).isRefused())
                .isTrue();
    }

    @Test
    void shouldStorePastTimersAtOnceButRefusePastDeletions() {
        String past = props("TIMER_DELIVER_MS", Long.toString(NOW - 1));

        assertThat(router.route(past, "T", 1, 0, NOW)).isSameAs(DelayRoute.DIRECT);
        assertThat(router.route(past + props("TIMER_DEL_UNIQKEY", "k"), "T", 1, 0, NOW).isRefused())
                .isTrue();
    }

    @Test
    void shouldLetADelayLevelWinOverTimerPropertiesAndDropThem() {
        DelayRoute route =
                router.route(props("TIMER_DELAY_SEC", "9", "DELAY", "1"), "T", 0, 0, NOW);

        assertThat(route.topic("T")).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(MessageProperties.decode(route.properties("")))
                .doesNotContainKey("TIMER_DELAY_SEC");
    }

    @Test
    void shouldScheduleABrokerBuiltMessageAtAGivenLevel() {
        DelayRoute route = router.schedule(props("UNIQ_KEY", "U"), "%RETRY%g", 0, 3);

        assertThat(route.queueId(0)).isEqualTo(2);
        assertThat(MessageProperties.decode(route.properties("")))
                .containsEntry("DELAY", "3")
                .containsEntry("REAL_TOPIC", "%RETRY%g")
                .containsEntry("REAL_QID", "0");
    }

    @Test
    void shouldRecognizeDelayedBatches() {
        assertThat(DelayRouter.isDelayedBatch(props("DELAY", "1"))).isTrue();
        assertThat(DelayRouter.isDelayedBatch(props("DELAY", "0"))).isFalse();
        assertThat(DelayRouter.isDelayedBatch(props("WAIT", "true"))).isFalse();
        assertThat(DelayRouter.isDelayedBatch(null)).isFalse();
    }
}
