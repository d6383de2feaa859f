package io.bolide.broker.admin;

import static io.bolide.broker.admin.OperationsFixture.GROUP;
import static io.bolide.broker.admin.OperationsFixture.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.BrokerConsumerTest;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * notifyConsumerIdsChangedEnable: members hear NOTIFY_CONSUMER_IDS_CHANGED when the group changes,
 * unless the group's settings say not to.
 */
@ExtendWith(LeakCheck.class)
class GroupNotifySettingTest {
    private OperationsFixture ops;

    @BeforeEach
    void open() throws IOException {
        ops = new OperationsFixture();
    }

    @AfterEach
    void close() throws IOException {
        ops.close();
    }

    /** Heartbeats as {@code clientId}; whether the broker told the members first. */
    private boolean heartbeatNotified(String clientId) {
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        request.setBody(BrokerConsumerTest.heartbeat(clientId, GROUP, TOPIC, "*"));
        ops.broker.write(request);
        boolean notified = false;
        RemotingCommand frame = ops.broker.next();
        while (frame != null && !frame.isResponseType()) {
            notified |= frame.getCode() == RequestCode.NOTIFY_CONSUMER_IDS_CHANGED;
            frame = ops.broker.next();
        }
        assertThat(frame).isNotNull();
        return notified;
    }

    @Test
    void shouldNotifyMembersOfAChangedGroupByDefault() {
        assertThat(heartbeatNotified("client-1")).isTrue();
        assertThat(heartbeatNotified("client-2")).isTrue();
    }

    @Test
    void shouldNotNotifyWhenTheGroupsSettingsTurnItOff() {
        ops.broker
                .groups()
                .put(
                        SubscriptionGroupConfig.builder(GROUP)
                                .notifyConsumerIdsChangedEnable(false)
                                .build());

        assertThat(heartbeatNotified("client-1")).isFalse();
        assertThat(heartbeatNotified("client-2")).isFalse();
    }
}
