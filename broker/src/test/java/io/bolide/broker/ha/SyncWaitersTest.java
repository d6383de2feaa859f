package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.StoreFixture;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SYNC_MASTER's group wait over real puts, on an injected clock. */
class SyncWaitersTest {
    private final AtomicInteger slaves = new AtomicInteger(1);
    private final AtomicLong now = new AtomicLong();
    @TempDir Path dir;
    private StoreFixture store;
    private SyncWaiters waiters;

    @BeforeEach
    void open() throws Exception {
        store = StoreFixture.open(dir);
        waiters =
                new SyncWaiters(
                        slaves::get, store.store()::maxPhysicalOffset, 1_000, 100, now::get);
    }

    @AfterEach
    void close() throws Exception {
        store.close();
    }

    private PutResult stored() {
        return store.put("T", 0, "x");
    }

    private static long end(PutResult r) {
        return r.physicalOffset() + r.wroteBytes();
    }

    @Test
    void shouldReleaseEveryWaitOneAcknowledgementCovers() {
        PutResult a = stored();
        PutResult b = stored();
        PutResult c = stored();
        CompletableFuture<PutResult> waitA = waiters.await(a);
        CompletableFuture<PutResult> waitB = waiters.await(b);
        CompletableFuture<PutResult> waitC = waiters.await(c);
        waiters.acked(end(b));
        assertThat(waitA.join().status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(waitB.join().status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(waitC).isNotDone();
        assertThat(waiters.waiting()).isEqualTo(1);
        waiters.acked(end(c));
        assertThat(waitC.join().status()).isEqualTo(PutStatus.PUT_OK);
    }

    @Test
    void shouldTimeOutOnlyWaitsPastTheirDeadlineInOneSweep() {
        CompletableFuture<PutResult> early = waiters.await(stored());
        now.set(50);
        PutResult second = stored();
        CompletableFuture<PutResult> late = waiters.await(second);
        now.set(100);
        waiters.sweep();
        assertThat(early.join().status()).isEqualTo(PutStatus.FLUSH_SLAVE_TIMEOUT);
        assertThat(early.join().queueOffset()).isZero();
        assertThat(late).isNotDone();
        waiters.acked(end(second));
        assertThat(late.join().status()).isEqualTo(PutStatus.PUT_OK);
    }

    @Test
    void shouldAnswerSlaveNotAvailableWithoutASlaveOrTooFarBehind() {
        slaves.set(0);
        assertThat(waiters.await(stored()).join().status())
                .isEqualTo(PutStatus.SLAVE_NOT_AVAILABLE);
        slaves.set(1);
        waiters.acked(0);
        for (int i = 0; i < 20; i++) {
            stored(); // over 1,000 bytes now between the acknowledgement and the end
        }
        assertThat(waiters.await(stored()).join().status())
                .isEqualTo(PutStatus.SLAVE_NOT_AVAILABLE);
        assertThat(waiters.waiting()).isZero();
    }

    @Test
    void shouldAnswerAtOnceWhatIsAlreadyAcknowledged() {
        PutResult r = stored();
        waiters.acked(end(r));
        assertThat(waiters.await(r)).isCompleted();
        assertThat(waiters.await(r).join().status()).isEqualTo(PutStatus.PUT_OK);
    }
}
