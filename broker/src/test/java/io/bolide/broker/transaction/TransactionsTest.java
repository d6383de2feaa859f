package io.bolide.broker.transaction;

import static io.bolide.broker.transaction.TransactionFixture.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.transaction.TransactionFixture.Check;
import io.bolide.broker.transaction.TransactionFixture.StoredView;
import io.bolide.store.PutResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionsTest {
    private static final TransactionConfig CONFIG = new TransactionConfig(6000, 1000, 3);

    @TempDir Path dir;

    @Test
    void shouldDeliverCommittedHalfMessageToItsRealQueueAndRecordAnOp() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");

            assertThat(tx.end(half, HalfMessage.COMMIT)).isEqualTo(EndOutcome.COMMITTED);

            List<StoredView> delivered = tx.read(TOPIC, 2);
            assertThat(delivered).hasSize(1);
            StoredView message = delivered.get(0);
            assertThat(message.body()).isEqualTo("hello");
            assertThat(message.sysFlag() & 0xC).isEqualTo(HalfMessage.COMMIT);
            assertThat(message.preparedOffset()).isEqualTo(half.physicalOffset());
            assertThat(message.properties())
                    .containsEntry("UNIQ_KEY", "K1")
                    .containsEntry("PGROUP", TransactionFixture.GROUP);
            List<StoredView> ops = tx.read(HalfMessage.OP_TOPIC, 0);
            assertThat(ops).extracting(StoredView::body).containsExactly("0");
            assertThat(ops.get(0).properties()).containsEntry("TAGS", "d");
        }
    }

    @Test
    void shouldRecordOnlyAnOpOnRollback() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");

            assertThat(tx.end(half, HalfMessage.ROLLBACK)).isEqualTo(EndOutcome.ROLLED_BACK);

            assertThat(tx.read(TOPIC, 2)).isEmpty();
            assertThat(tx.read(HalfMessage.OP_TOPIC, 0))
                    .extracting(StoredView::body)
                    .containsExactly("0");
            assertThat(tx.checkAfter(60_000)).isZero();
        }
    }

    @Test
    void shouldIgnoreDuplicateAndUnknownOutcomes() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");

            assertThat(tx.end(half, 0)).isEqualTo(EndOutcome.LEFT_FOR_CHECK);
            assertThat(tx.read(HalfMessage.OP_TOPIC, 0)).isEmpty();
            assertThat(tx.end(half, HalfMessage.COMMIT)).isEqualTo(EndOutcome.COMMITTED);
            assertThat(tx.end(half, HalfMessage.COMMIT)).isEqualTo(EndOutcome.ALREADY_RESOLVED);
            assertThat(tx.end(half, HalfMessage.ROLLBACK)).isEqualTo(EndOutcome.ALREADY_RESOLVED);

            assertThat(tx.read(TOPIC, 2)).hasSize(1);
            assertThat(tx.read(HalfMessage.OP_TOPIC, 0)).hasSize(1);
        }
    }

    @Test
    void shouldRefuseOutcomeFromAnotherGroupOrForNoHalfMessage() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");

            EndOutcome wrongGroup =
                    tx.transactions
                            .end("other", half.physicalOffset(), 0, HalfMessage.COMMIT)
                            .join();
            EndOutcome wrongOffset = tx.end(half.physicalOffset(), 5, HalfMessage.COMMIT);

            assertThat(wrongGroup).isEqualTo(EndOutcome.WRONG_GROUP);
            assertThat(wrongOffset).isEqualTo(EndOutcome.NOT_FOUND);
            assertThat(tx.read(TOPIC, 2)).isEmpty();
            assertThat(tx.end(half, HalfMessage.COMMIT)).isEqualTo(EndOutcome.COMMITTED);
        }
    }

    @Test
    void shouldCheckOnlyAfterTheTimeoutWithTheReputCopy() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");

            assertThat(tx.checkAfter(5_999)).isZero();
            assertThat(tx.checkAfter(1)).isEqualTo(1);

            Check check = tx.checks.get(0);
            assertThat(check.topic()).isEqualTo(TOPIC);
            assertThat(check.queueId()).isEqualTo(2);
            assertThat(check.properties())
                    .containsEntry("PGROUP", TransactionFixture.GROUP)
                    .containsEntry("UNIQ_KEY", "K1")
                    .containsEntry("TRANSACTION_CHECK_TIMES", "1");
            assertThat(check.header().tranStateTableOffset()).isEqualTo(1);
            assertThat(check.header().commitLogOffset()).isGreaterThan(half.physicalOffset());
            assertThat(check.header().transactionId()).isEqualTo("K1");

            EndOutcome answer =
                    tx.end(
                            check.header().commitLogOffset(),
                            check.header().tranStateTableOffset(),
                            HalfMessage.COMMIT);
            assertThat(answer).isEqualTo(EndOutcome.COMMITTED);
            assertThat(tx.checkAfter(60_000)).isZero();
            assertThat(tx.read(TOPIC, 2)).hasSize(1);
        }
    }

    @Test
    void shouldSettleTheNewestCopyOnceWhenTheOriginalAnswerArrivesLate() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult half = tx.sendHalf("K1", "hello");
            assertThat(tx.checkAfter(6_000)).isEqualTo(1);
            Check check = tx.checks.get(0);

            assertThat(tx.end(half, HalfMessage.COMMIT)).isEqualTo(EndOutcome.COMMITTED);
            EndOutcome checkAnswer =
                    tx.end(
                            check.header().commitLogOffset(),
                            check.header().tranStateTableOffset(),
                            HalfMessage.COMMIT);

            assertThat(checkAnswer).isEqualTo(EndOutcome.ALREADY_RESOLVED);
            assertThat(tx.read(TOPIC, 2)).hasSize(1);
            assertThat(tx.checkAfter(60_000)).isZero();
        }
    }

    @Test
    void shouldCheckOncePerRoundAndGiveUpAfterCheckMax() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            // The broker adds the check-max topic to its table before the first message moves.
            List<Integer> givenUpAt = new ArrayList<>();
            tx.transactions.beforeGiveUp(
                    () -> givenUpAt.add(tx.read(HalfMessage.CHECK_MAX_TOPIC, 0).size()));
            tx.sendHalf("K1", "hello");

            assertThat(tx.checkAfter(6_000)).isEqualTo(1);
            assertThat(tx.checkAfter(1_000)).isEqualTo(1);
            assertThat(tx.checkAfter(1_000)).isEqualTo(1);
            assertThat(givenUpAt).isEmpty();
            assertThat(tx.checkAfter(1_000)).isZero();
            assertThat(givenUpAt).containsExactly(0);
            assertThat(tx.checkAfter(1_000)).isZero();

            assertThat(tx.checks)
                    .extracting(c -> c.properties().get("TRANSACTION_CHECK_TIMES"))
                    .containsExactly("1", "2", "3");
            List<StoredView> givenUp = tx.read(HalfMessage.CHECK_MAX_TOPIC, 0);
            assertThat(givenUp).hasSize(1);
            assertThat(givenUp.get(0).properties()).containsEntry("TRANSACTION_CHECK_TIMES", "3");
            assertThat(tx.read(TOPIC, 2)).isEmpty();
        }
    }

    @Test
    void shouldNotSpendACheckWhileNoProducerOfTheGroupIsConnected() throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            tx.sendHalf("K1", "hello");
            tx.producerOnline = false;

            assertThat(tx.checkAfter(60_000)).isZero();
            assertThat(tx.read(HalfMessage.HALF_TOPIC, 0)).hasSize(1);

            tx.producerOnline = true;
            assertThat(tx.checkAfter(1_000)).isEqualTo(1);
            assertThat(tx.checks.get(0).properties()).containsEntry("TRANSACTION_CHECK_TIMES", "1");
        }
    }

    @Test
    void shouldKeepOutcomesAndCheckCountsAcrossARestart() throws Exception {
        keepAcrossRestart(false);
    }

    @Test
    void shouldRebuildOutcomesFromTheOpQueueWhenTheMarksWereLost() throws Exception {
        keepAcrossRestart(true);
    }

    private void keepAcrossRestart(boolean loseMarks) throws Exception {
        try (TransactionFixture tx = new TransactionFixture(dir, CONFIG)) {
            PutResult committed = tx.sendHalf("K1", "one");
            tx.sendHalf("K2", "two");
            assertThat(tx.end(committed, HalfMessage.COMMIT)).isEqualTo(EndOutcome.COMMITTED);
            assertThat(tx.checkAfter(6_000)).isEqualTo(1);
            Check before = tx.checks.get(0);

            if (loseMarks) {
                tx.marks.clear();
            }
            tx.restart(CONFIG);
            // The restart recounts what still waits: K2 (its re-put copy), not K1.
            assertThat(tx.stats.half().get(TOPIC)).isEqualTo(1);
            assertThat(tx.end(committed, HalfMessage.COMMIT))
                    .isEqualTo(EndOutcome.ALREADY_RESOLVED);
            assertThat(tx.checkAfter(1_000)).isEqualTo(1);

            Check after = tx.checks.get(1);
            assertThat(after.properties())
                    .containsEntry("UNIQ_KEY", "K2")
                    .containsEntry("TRANSACTION_CHECK_TIMES", "2");
            assertThat(
                            tx.end(
                                    before.header().commitLogOffset(),
                                    before.header().tranStateTableOffset(),
                                    HalfMessage.COMMIT))
                    .isEqualTo(EndOutcome.COMMITTED);
            assertThat(tx.read(TOPIC, 2))
                    .extracting(StoredView::body)
                    .containsExactly("one", "two");
            assertThat(tx.stats.half().get(TOPIC)).isZero();
            assertThat(tx.stats.commits().get(TOPIC)).isEqualTo(1);
        }
    }
}
