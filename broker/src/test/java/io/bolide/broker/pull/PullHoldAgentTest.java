package io.bolide.broker.pull;

import static io.bolide.broker.pull.PullFixture.HOLD_MILLIS;
import static io.bolide.broker.pull.PullFixture.pull;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long polling through {@link Puller} and {@link PullHoldAgent}: which pulls are held, what wakes
 * them, when they expire, and how they are answered when the broker closes. The agent's duty cycle
 * runs on the test thread and its clock is moved by hand.
 */
@ExtendWith(LeakCheck.class)
class PullHoldAgentTest {
    private static final int SUSPEND =
            PullMessageHandler.FLAG_SUSPEND | PullMessageHandler.FLAG_SUBSCRIPTION;

    @TempDir Path dir;
    private PullFixture broker;

    private PullFixture open(BrokerConfig.Builder config) throws Exception {
        broker = new PullFixture(dir, config.build());
        return broker;
    }

    private PullFixture open() throws Exception {
        return open(BrokerConfig.builder());
    }

    @AfterEach
    void close() throws Exception {
        if (broker != null) {
            broker.hold.close();
            broker.close();
        }
    }

    private Reply next() {
        return Wire.next(broker.server);
    }

    @Test
    void shouldHoldASuspendedPullThatFindsNothing() throws Exception {
        open();

        assertThat(broker.call(pull(0, 0, SUSPEND))).isNull();
        broker.duty();

        assertThat(broker.hold.heldCount()).isEqualTo(1);
        assertThat(next()).isNull();
    }

    @Test
    void shouldAnswerAPullWithoutTheSuspendFlagAtOnce() throws Exception {
        open();

        Reply reply = broker.call(pull(0, 0, PullMessageHandler.FLAG_SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldNotHoldAPullWhoseOffsetMoved() throws Exception {
        open();

        Reply reply = broker.call(pull(0, 3, SUSPEND));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldWakeAHeldPullWhenAMessageArrives() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.duty();

        broker.put(0, "m0");
        broker.duty();

        Reply reply = next();
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactly("0:m0");
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldWakeOnlyThePullsWhoseQueueGrew() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.call(pull(1, 0, SUSPEND));
        broker.duty();

        broker.put(1, "q1");
        broker.duty();

        assertThat(next().records()).containsExactly("0:q1");
        assertThat(next()).isNull();
        assertThat(broker.hold.heldCount()).isEqualTo(1);
    }

    @Test
    void shouldAnswerABatchOfArrivalsWithOneWakeUp() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.duty();

        for (int i = 0; i < 3; i++) {
            broker.put(0, "m" + i);
        }
        int woken = broker.duty();

        assertThat(woken).isEqualTo(1);
        assertThat(next().records()).containsExactly("0:m0", "1:m1", "2:m2");
        assertThat(next()).isNull();
        assertThat(broker.duty()).isZero();
    }

    /**
     * Issue #18's consumer-groups curve: several groups hold a pull on the same queue. Each arrival
     * is one wake-up of the agent (one duty cycle) that answers every group's pull, round after
     * round as the groups pull again from their next offset.
     */
    @Test
    void shouldAnswerEveryGroupHoldingAPullOnTheQueueInOneWakeUp() throws Exception {
        open();
        int groups = 10;
        for (int round = 0; round < 3; round++) {
            for (int g = 0; g < groups; g++) {
                Map<String, String> fields = pull(0, round, SUSPEND);
                fields.put("consumerGroup", "group-" + g);
                assertThat(broker.call(fields)).as("round %d group %d held", round, g).isNull();
            }
            broker.duty();
            assertThat(broker.hold.heldCount()).isEqualTo(groups);

            broker.put(0, "m" + round);
            assertThat(broker.duty()).as("pulls answered by one wake-up").isEqualTo(groups);

            for (int g = 0; g < groups; g++) {
                Reply reply = next();
                assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(reply.records()).containsExactly(round + ":m" + round);
            }
            assertThat(next()).isNull();
            assertThat(broker.hold.heldCount()).isZero();
        }
    }

    @Test
    void shouldKeepAHeldPullWhenAnotherTopicGrows() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.duty();

        broker.store.put("Elsewhere", 0, "x");
        broker.duty();

        assertThat(next()).isNull();
        assertThat(broker.hold.heldCount()).isEqualTo(1);
    }

    @Test
    void shouldExpireAHeldPullAtItsDeadlineWithPullNotFound() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.duty();

        broker.clock.advance(Duration.ofMillis(HOLD_MILLIS - 1));
        broker.duty();
        assertThat(next()).isNull();

        broker.clock.advance(Duration.ofMillis(1));
        broker.duty();
        Reply reply = next();
        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(reply.longField("nextBeginOffset")).isZero();
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldExpireEachPullAtItsOwnDeadline() throws Exception {
        open().call(pull(0, 0, SUSPEND));
        broker.duty();
        broker.clock.advance(Duration.ofMillis(1000));
        broker.call(pull(1, 0, SUSPEND));
        broker.duty();

        broker.clock.advance(Duration.ofMillis(HOLD_MILLIS - 1000));
        broker.duty();
        assertThat(next().code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(next()).isNull();

        broker.clock.advance(Duration.ofMillis(1000));
        broker.duty();
        assertThat(next().code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldHoldForTheShortPollingTimeWhenLongPollingIsOff() throws Exception {
        open(
                BrokerConfig.builder()
                        .set("longPollingEnable", "false")
                        .set("shortPollingTimeMills", "1000"));
        broker.call(pull(0, 0, SUSPEND));
        broker.duty();

        broker.clock.advance(Duration.ofMillis(999));
        broker.duty();
        assertThat(next()).isNull();

        broker.clock.advance(Duration.ofMillis(1));
        broker.duty();
        assertThat(next().code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
    }

    @Test
    void shouldAnswerAPullOfferedWhileClosingWithServiceNotAvailable() throws Exception {
        open().call(pull(0, 0, SUSPEND));

        broker.hold.close();

        Reply reply = next();
        assertThat(reply.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(reply.remark()).isEqualTo(Puller.SHUTTING_DOWN);
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldAnswerEveryHeldPullWhenTheRunningAgentCloses() throws Exception {
        open().hold.start(broker.puller);
        // The running agent only reads the store until it closes; this thread waits meanwhile.
        broker.call(pull(0, 0, SUSPEND));
        broker.call(pull(1, 0, SUSPEND));

        broker.hold.close();

        assertThat(next().code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(next().code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(next()).isNull();
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldAnswerPullsAfterCloseAtOnceAndStillServeMessages() throws Exception {
        open().hold.close();

        Reply nothing = broker.call(pull(0, 0, SUSPEND));
        broker.put(1, "m0");
        Reply found = broker.call(pull(1, 0, SUSPEND));

        assertThat(nothing.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(found.records()).containsExactly("0:m0");
    }
}
