package io.bolide.broker.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.lite.Lite;
import io.bolide.broker.lite.LiteQuotaExceeded;
import io.bolide.broker.lite.LiteSubscriptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lite quotas change live (#35), as in the reference, which reads them at each check: a lowered
 * quota keeps what is there and refuses the next one, a raised one admits it.
 */
class LiveLiteQuotasTest {
    @TempDir Path dir;

    @Test
    void theLiteTopicAndSubscriptionQuotasFollowALiveUpdate() throws Exception {
        BrokerConfig started =
                BrokerConfig.builder()
                        .storePathRootDir(dir)
                        .set("maxLmqConsumeQueueNum", "2")
                        .set("maxLiteSubscriptionCount", "2")
                        .build();
        BrokerSettings settings = new BrokerSettings(started);
        Lite lite = Lite.open(started, settings::current);

        assertThat(lite.topics().admit("%LMQ%$P$a")).isTrue();
        assertThat(lite.topics().admit("%LMQ%$P$b")).isTrue();
        assertThat(lite.topics().admit("%LMQ%$P$c")).isFalse();
        sync(lite, "c1", "a", "b");
        assertThatThrownBy(() -> sync(lite, "c2", "a"))
                .isInstanceOf(LiteQuotaExceeded.class)
                .hasMessageContaining("quota exceeded 2");

        assertThat(
                        settings.update(
                                Map.of(
                                        "maxLmqConsumeQueueNum",
                                        "3",
                                        "maxLiteSubscriptionCount",
                                        "3")))
                .isNull();
        assertThat(lite.topics().admit("%LMQ%$P$c")).isTrue();
        assertThat(lite.topics().admit("%LMQ%$P$d")).isFalse();
        sync(lite, "c2", "a");
        assertThat(lite.quotas().get().maxLiteTopics()).isEqualTo(3);

        assertThat(settings.update(Map.of("maxLmqConsumeQueueNum", "1"))).isNull();
        assertThat(lite.topics().admit("%LMQ%$P$a")).as("a stored one stays").isTrue();
        assertThat(lite.topics().admit("%LMQ%$P$e")).isFalse();
        assertThat(settings.update(Map.of("maxLmqConsumeQueueNum", "0")))
                .as("validated as at start")
                .contains("maxLmqConsumeQueueNum");
    }

    private static void sync(Lite lite, String client, String... lites) throws LiteQuotaExceeded {
        lite.subscriptions()
                .sync(LiteSubscriptions.Action.PARTIAL_ADD, "P", "g", client, List.of(lites));
    }
}
