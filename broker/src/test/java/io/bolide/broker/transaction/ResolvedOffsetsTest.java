package io.bolide.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResolvedOffsetsTest {
    private final ResolvedOffsets state = new ResolvedOffsets();

    @Test
    void shouldMoveHalfProgressOnlyOverAContiguousRunOfSettledOffsets() {
        state.start(0, 0);
        state.claimLatest(0);
        state.resolved(0, 0);
        state.resolved(2, 1);

        state.advance(3);

        assertThat(state.halfProgress()).isEqualTo(1);
        assertThat(state.isSettled(2)).isTrue();
        assertThat(state.isSettled(1)).isFalse();
    }

    @Test
    void shouldKeepOpProgressAtTheFirstOpRecordStillNeededAfterARestart() {
        state.start(0, 0);
        state.resolved(1, 0); // op record 0 settles half offset 1, above the pending offset 0
        state.resolved(2, 1);

        state.advance(3);
        assertThat(state.halfProgress()).isZero();
        assertThat(state.opProgress()).isZero();

        state.resolved(0, 2);
        state.advance(3);
        assertThat(state.halfProgress()).isEqualTo(3);
        assertThat(state.opProgress()).isEqualTo(3);
    }

    @Test
    void shouldNotMoveOpProgressWhileAnOutcomeIsBeingWritten() {
        state.start(0, 0);
        state.resolved(1, 0);
        assertThat(state.claimLatest(0)).isZero();

        state.advance(2);

        assertThat(state.opProgress()).isZero();
    }

    @Test
    void shouldClaimTheNewestCopyOnceAndRememberWhereItIsStored() {
        state.start(0, 0);
        state.superseded(0, 3, 900);
        state.superseded(3, 5, 1200);

        assertThat(state.claimLatest(0)).isEqualTo(5);
        assertThat(state.physicalOf(5)).isEqualTo(1200);
        assertThat(state.claimLatest(3)).isEqualTo(-1);
        state.release(5);
        assertThat(state.claimLatest(3)).isEqualTo(5);
    }

    @Test
    void shouldTreatEverythingBelowTheProgressAsSettled() {
        state.start(10, 4);

        assertThat(state.claimLatest(9)).isEqualTo(-1);
        assertThat(state.isSettled(9)).isTrue();
        assertThat(state.claimLatest(10)).isEqualTo(10);
    }
}
