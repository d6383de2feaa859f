package io.bolide.broker.consumer;

import static io.bolide.broker.consumer.ConsumerFixture.LOCK_LIVE_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.LockBatchRequestBody;
import io.bolide.protocol.body.LockBatchResponseBody;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.UnlockBatchRequestBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** LOCK_BATCH_MQ and UNLOCK_BATCH_MQ for orderly consumers, with locks expiring on a fake clock. */
@ExtendWith(LeakCheck.class)
class QueueLockHandlersTest {
    private static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("T", "broker-a", 1);

    @TempDir Path dir;
    private ConsumerFixture broker;

    @BeforeEach
    void open() throws Exception {
        broker = new ConsumerFixture(dir);
    }

    @AfterEach
    void close() throws Exception {
        broker.close();
    }

    private Set<MessageQueue> lock(String client, MessageQueue... queues) {
        Reply reply =
                broker.callJson(
                        RequestCode.LOCK_BATCH_MQ,
                        Map.of(),
                        new LockBatchRequestBody("g", client, Set.of(queues), false));
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        return reply.json(LockBatchResponseBody.class).lockOKMQSet();
    }

    private Reply unlock(String client, MessageQueue... queues) {
        return broker.callJson(
                RequestCode.UNLOCK_BATCH_MQ,
                Map.of(),
                new UnlockBatchRequestBody("g", client, Set.of(queues), false));
    }

    @Test
    void shouldGrantFreeQueues() {
        assertThat(lock("A", Q0, Q1)).containsExactlyInAnyOrder(Q0, Q1);
    }

    @Test
    void shouldRefuseQueuesAnotherClientHolds() {
        lock("A", Q0);

        assertThat(lock("B", Q0, Q1)).containsExactly(Q1);
    }

    @Test
    void shouldRenewTheHoldersOwnLock() {
        lock("A", Q0);
        broker.clock.advance(Duration.ofMillis(LOCK_LIVE_MILLIS));
        assertThat(lock("A", Q0)).containsExactly(Q0);

        broker.clock.advance(Duration.ofMillis(LOCK_LIVE_MILLIS));

        assertThat(lock("B", Q0)).isEmpty();
    }

    @Test
    void shouldHandAnExpiredLockToAnotherClient() {
        lock("A", Q0);

        broker.clock.advance(Duration.ofMillis(LOCK_LIVE_MILLIS));
        assertThat(lock("B", Q0)).isEmpty();

        broker.clock.advance(Duration.ofMillis(1));
        assertThat(lock("B", Q0)).containsExactly(Q0);
        assertThat(lock("A", Q0)).isEmpty();
    }

    @Test
    void shouldReleaseOnUnlockByTheHolder() {
        lock("A", Q0);

        assertThat(unlock("A", Q0).code()).isEqualTo(ResponseCode.SUCCESS);

        assertThat(lock("B", Q0)).containsExactly(Q0);
    }

    @Test
    void shouldIgnoreAnUnlockByAnotherClient() {
        lock("A", Q0);

        assertThat(unlock("B", Q0).code()).isEqualTo(ResponseCode.SUCCESS);

        assertThat(lock("B", Q0)).isEmpty();
    }

    @Test
    void shouldRefuseALockRequestWithoutBodyOrClient() {
        Reply empty = Wire.call(broker.server, RequestCode.LOCK_BATCH_MQ, Map.of(), null);
        Reply noClient =
                broker.callJson(
                        RequestCode.LOCK_BATCH_MQ,
                        Map.of(),
                        new LockBatchRequestBody("g", null, Set.of(Q0), false));

        assertThat(empty.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(noClient.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(lock("A", Q0)).containsExactly(Q0);
    }

    @Test
    void shouldRefuseAnUnlockRequestWithoutGroup() {
        Reply empty = Wire.call(broker.server, RequestCode.UNLOCK_BATCH_MQ, Map.of(), null);
        Reply noGroup =
                broker.callJson(
                        RequestCode.UNLOCK_BATCH_MQ,
                        Map.of(),
                        new UnlockBatchRequestBody(null, "A", Set.of(Q0), false));

        assertThat(empty.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(noGroup.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(noGroup.remark()).isEqualTo("unlock request without group or client");
    }
}
