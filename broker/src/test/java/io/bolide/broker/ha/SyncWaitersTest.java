package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.StoreFixture;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import java.lang.management.ManagementFactory;
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

    @Test
    void shouldAllocateOnlyTheAnswerPerWait() {
        int warm = 5_000;
        int rounds = 10_000;
        PutResult[] results = new PutResult[warm + rounds];
        for (int i = 0; i < results.length; i++) {
            results[i] = stored();
        }
        // All stored before the first wait: no gap limit here.
        SyncWaiters group =
                new SyncWaiters(
                        slaves::get,
                        store.store()::maxPhysicalOffset,
                        Long.MAX_VALUE,
                        100,
                        now::get);
        for (int i = 0; i < warm; i++) {
            waitAndAck(group, results[i]);
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = warm; i < results.length; i++) {
            waitAndAck(group, results[i]);
        }
        double perWait = (threads.getThreadAllocatedBytes(id) - before) / (double) rounds;
        // The answer (a CompletableFuture holding the result and deadline) is all: no boxed key,
        // no map node. It is at most 40 bytes with compressed references.
        assertThat(perWait).as("bytes allocated per wait and release").isLessThanOrEqualTo(48);
        assertThat(group.waiting()).isZero();
    }

    private static void waitAndAck(SyncWaiters group, PutResult r) {
        CompletableFuture<PutResult> answer = group.await(r);
        group.acked(end(r));
        if (answer.getNow(null) != r) {
            throw new AssertionError("not released: " + r);
        }
    }

    @Test
    void shouldKeepWaitsInOffsetOrderWhateverOrderTheyRegisterIn() {
        WaitRing<String> ring = new WaitRing<>();
        long[] keys = {5, 3, 9, 1, 7};
        for (long key : keys) {
            assertThat(ring.addUnlessCovered(key, "k" + key, () -> 0)).isTrue();
        }
        for (long key = 10; key < 200; key++) {
            ring.addUnlessCovered(key, "k" + key, () -> 0); // grows past 64 entries
        }
        assertThat(ring.addUnlessCovered(2, "covered", () -> 2)).isFalse();
        assertThat(ring.pollAtOrBelow(0)).isNull();
        assertThat(ring.pollAtOrBelow(5)).isEqualTo("k1");
        assertThat(ring.pollAtOrBelow(5)).isEqualTo("k3");
        assertThat(ring.pollAtOrBelow(5)).isEqualTo("k5");
        assertThat(ring.pollAtOrBelow(5)).isNull();
        assertThat(ring.pollFirstIf(v -> v.equals("k7"))).isEqualTo("k7");
        assertThat(ring.pollFirstIf(v -> false)).isNull();
        assertThat(ring.size()).isEqualTo(191);
        for (long key = 9; key < 200; key++) {
            assertThat(ring.pollFirstIf(v -> true)).isEqualTo("k" + key);
        }
        assertThat(ring.size()).isZero();
    }
}
