package io.bolide.broker.pull;

import static io.bolide.broker.pull.PullFixture.GROUP;
import static io.bolide.broker.pull.PullFixture.pull;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire;
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

/**
 * A slave's answers at a queue's boundaries, as a classic Apache RocketMQ 5.5.0 slave gives them
 * (interop's PullBoundaryDifferentialTest compares the two): "nothing new" is PULL_NOT_FOUND and
 * may be held, as on a master; an offset out of range is never corrected on a slave but answered
 * PULL_RETRY_IMMEDIATELY with the requested offset, suggesting the group's broker.
 */
@ExtendWith(LeakCheck.class)
class SlavePullBoundaryTest {
    private static final int SUBSCRIPTION = PullMessageHandler.FLAG_SUBSCRIPTION;
    private static final int SUSPEND = PullMessageHandler.FLAG_SUSPEND | SUBSCRIPTION;

    @TempDir Path dir;
    private PullFixture slave;

    @BeforeEach
    void open() throws Exception {
        slave =
                new PullFixture(
                        dir,
                        BrokerConfig.builder()
                                .set("brokerRole", "SLAVE")
                                .set("brokerId", "1")
                                .set("slaveReadEnable", "true")
                                .build());
        slave.put(0, "m0");
        slave.put(0, "m1");
    }

    @AfterEach
    void close() throws Exception {
        slave.hold.close();
        slave.close();
    }

    @Test
    void shouldAnswerPullNotFoundAtTheMaxOffsetAsAMasterDoes() {
        Reply reply = slave.call(pull(0, 2, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(reply.remark()).isEqualTo("OFFSET_OVERFLOW_ONE");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(2);
        assertThat(reply.longField("minOffset")).isZero();
        assertThat(reply.longField("maxOffset")).isEqualTo(2);
        assertThat(reply.longField("suggestWhichBrokerId")).isZero();
    }

    @Test
    void shouldHoldASuspendedPullAtTheMaxOffsetUntilAMessageArrives() {
        assertThat(slave.call(pull(0, 2, SUSPEND))).isNull();
        slave.duty();
        assertThat(slave.hold.heldCount()).isEqualTo(1);

        slave.put(0, "m2");
        slave.duty();

        Reply reply = Wire.next(slave.server);
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactly("2:m2");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(3);
    }

    @Test
    void shouldHoldASuspendedPullOfAnEmptyQueue() {
        assertThat(slave.call(pull(1, 0, SUSPEND))).isNull();
        slave.duty();

        assertThat(slave.hold.heldCount()).isEqualTo(1);
    }

    @Test
    void shouldReportAQueueNeverWrittenAsAnEmptyQueue() {
        Reply reply = slave.call(pull(1, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(reply.remark()).isEqualTo("NO_MESSAGE_IN_QUEUE");
        assertThat(reply.longField("nextBeginOffset")).isZero();
    }

    @Test
    void shouldKeepTheRequestedOffsetBeyondTheMaxAndRetryAtOnce() {
        Reply reply = slave.call(pull(0, 9, SUSPEND));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(reply.remark()).isEqualTo("OFFSET_OVERFLOW_BADLY");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(9);
        assertThat(reply.longField("maxOffset")).isEqualTo(2);
        assertThat(slave.hold.heldCount()).isZero();
    }

    @Test
    void shouldKeepTheRequestedOffsetBelowTheMinAndRetryAtOnce() {
        Reply reply = slave.call(pull(0, -1, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(reply.remark()).isEqualTo("OFFSET_TOO_SMALL");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(-1);
        assertThat(reply.longField("minOffset")).isZero();
    }

    @Test
    void shouldKeepTheRequestedOffsetOfAnEmptyQueueAndSuggestTheGroupsBroker() {
        slave.groups.put(SubscriptionGroupConfig.builder(GROUP).brokerId(3).build());

        Reply reply = slave.call(pull(1, 5, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(reply.remark()).isEqualTo("NO_MESSAGE_IN_QUEUE");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(5);
        assertThat(reply.longField("suggestWhichBrokerId")).isEqualTo(3);
    }
}
