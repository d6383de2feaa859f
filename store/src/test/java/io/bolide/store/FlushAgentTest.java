package io.bolide.store;

import static io.bolide.store.StoreParts.EPOCH;
import static io.bolide.store.StoreParts.append;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The flush modes: SYNC group commit, ASYNC by interval, and what a failed flush answers. */
class FlushAgentTest {
    @TempDir Path dir;
    private final MutableClock clock = new MutableClock(EPOCH);
    private final StoreFailure failure = new StoreFailure();
    private final AtomicInteger afterFlush = new AtomicInteger();
    private CommitLog log;

    @AfterEach
    void close() throws Exception {
        log.chain().close();
    }

    private FlushAgent open(FlushMode mode, long intervalMs) {
        StoreConfig config =
                StoreConfig.builder(dir)
                        .segmentSize(StoreParts.SEGMENT)
                        .flushMode(mode)
                        .flushIntervalMs(intervalMs)
                        .clock(clock)
                        .build();
        log = new CommitLog(StoreParts.chain(dir), config, failure);
        FlushAgent agent = new FlushAgent(log, config);
        agent.afterFlush(afterFlush::incrementAndGet);
        return agent;
    }

    @Test
    void shouldCompleteEveryWaitingPutWithOneFlush() {
        FlushAgent agent = open(FlushMode.SYNC, 3_600_000);
        List<CompletableFuture<PutResult>> waiting = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            waiting.add(agent.awaitFlush(append(log, "T", 0, "m" + i)));
        }
        assertThat(waiting).noneMatch(CompletableFuture::isDone);
        assertThat(log.dispatchLimit()).as("nothing is served before it is durable").isZero();

        assertThat(agent.doWork()).isEqualTo(1);
        assertThat(waiting).allMatch(f -> f.join().status() == PutStatus.PUT_OK);
        assertThat(log.flushedOffset()).isEqualTo(log.writtenOffset());
        assertThat(log.dispatchLimit()).isEqualTo(log.writtenOffset());
        assertThat(afterFlush).as("dispatch is woken once per flush").hasValue(1);
    }

    @Test
    void shouldAcknowledgeNoPutOnceTheStoreHasFailed() {
        FlushAgent agent = open(FlushMode.SYNC, 3_600_000);
        PutResult stored = append(log, "T", 0, "m");
        agent.flushAndComplete();
        failure.fail("a test", new java.io.IOException("device gone"));
        CompletableFuture<PutResult> waiting = agent.awaitFlush(stored);
        agent.doWork();
        assertThat(waiting.join().status()).isEqualTo(PutStatus.FLUSH_FAILED);
        assertThat(waiting.join().physicalOffset()).isEqualTo(stored.physicalOffset());
    }

    @Test
    void shouldAnswerFlushFailedForAPutTheFlushDidNotCover() {
        FlushAgent agent = open(FlushMode.SYNC, 3_600_000);
        PutResult stored = append(log, "T", 0, "m");
        PutResult beyond =
                new PutResult(
                        PutStatus.PUT_OK, log.writtenOffset(), 1, EPOCH, 1, stored.wroteBytes());
        CompletableFuture<PutResult> covered = agent.awaitFlush(stored);
        CompletableFuture<PutResult> notCovered = agent.awaitFlush(beyond);
        agent.doWork();
        assertThat(covered.join().status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(notCovered.join().status()).isEqualTo(PutStatus.FLUSH_FAILED);
    }

    @Test
    void shouldNotFlushUnderAsyncBeforeTheIntervalHasPassed() {
        FlushAgent agent = open(FlushMode.ASYNC, 3_600_000);
        append(log, "T", 0, "m");
        assertThat(agent.doWork()).isZero();
        assertThat(log.flushedOffset()).isZero();
        assertThat(log.dispatchLimit())
                .as("ASYNC serves what is written")
                .isEqualTo(log.writtenOffset());
        assertThat(afterFlush).hasValue(0);
    }

    @Test
    void shouldFlushUnderAsyncOncePerInterval() {
        FlushAgent agent = open(FlushMode.ASYNC, 1);
        append(log, "T", 0, "m");
        Await.until(() -> agent.doWork() == 1, "the 1 ms flush interval to pass");
        assertThat(log.flushedOffset()).isEqualTo(log.writtenOffset());
    }

    @Test
    void shouldFlushAndAnswerEveryoneAtClose() {
        FlushAgent agent = open(FlushMode.SYNC, 3_600_000);
        CompletableFuture<PutResult> waiting = agent.awaitFlush(append(log, "T", 0, "last"));
        agent.onClose();
        assertThat(waiting.join().isOk()).isTrue();
        assertThat(log.flushedOffset()).isEqualTo(log.writtenOffset());
    }

    @Test
    void shouldWakeTheFlushThreadWhenAPutWaits() {
        FlushAgent agent = open(FlushMode.SYNC, 3_600_000);
        assertThat(agent.idleStrategy()).isNotNull();
        agent.awaitFlush(append(log, "T", 0, "m"));
        assertThat(agent.doWork()).as("a waiting put means work now").isEqualTo(1);
        assertThat(agent.doWork()).as("then nothing until the next put").isZero();
    }
}
