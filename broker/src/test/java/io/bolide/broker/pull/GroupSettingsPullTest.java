package io.bolide.broker.pull;

import static io.bolide.broker.pull.PullFixture.pull;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A group's settings decide whether its pulls are served, as the reference applies them. */
@ExtendWith(LeakCheck.class)
class GroupSettingsPullTest {
    private static final int SUBSCRIPTION = PullMessageHandler.FLAG_SUBSCRIPTION;

    @TempDir Path dir;
    private PullFixture broker;

    @BeforeEach
    void open() throws Exception {
        broker = new PullFixture(dir, BrokerConfig.builder().build());
        broker.put(0, "m0");
    }

    @AfterEach
    void close() throws Exception {
        broker.close();
    }

    @Test
    void shouldRefusePullsOfAGroupWhoseConsumingIsDisabled() {
        broker.groups.put(
                SubscriptionGroupConfig.builder(PullFixture.GROUP).consumeEnable(false).build());

        Reply reply = broker.call(pull(0, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(reply.remark())
                .isEqualTo("subscription group no permission, " + PullFixture.GROUP);
    }

    @Test
    void shouldServePullsAgainOnceConsumingIsEnabled() {
        broker.groups.put(
                SubscriptionGroupConfig.builder(PullFixture.GROUP).consumeEnable(false).build());
        broker.groups.put(SubscriptionGroupConfig.builder(PullFixture.GROUP).build());

        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.stats.gotTotal(PullFixture.GROUP, PullFixture.TOPIC)).isEqualTo(1);
    }
}
