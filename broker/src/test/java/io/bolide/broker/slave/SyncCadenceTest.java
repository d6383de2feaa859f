package io.bolide.broker.slave;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SyncCadenceTest {
    private final SyncCadence cadence = new SyncCadence();

    @Test
    void shouldCopyAtOnceForANewMasterThenEveryMinute() {
        assertThat(cadence.due(null, 0)).isFalse();
        assertThat(cadence.due("m1", 1_000)).isTrue();
        cadence.copied("m1", 1_000, true);

        assertThat(cadence.due("m1", 1_000 + SyncCadence.COPY_EVERY_MS - 1)).isFalse();
        assertThat(cadence.due("m1", 1_000 + SyncCadence.COPY_EVERY_MS)).isTrue();
        assertThat(cadence.due("m2", 2_000)).as("the master moved").isTrue();
    }

    @Test
    void shouldCopyEveryTenSecondsInControllerMode() {
        SyncCadence controlled = new SyncCadence(SyncCadence.CONTROLLED_COPY_EVERY_MS);
        controlled.copied("m1", 1_000, true);

        assertThat(controlled.due("m1", 1_000 + 10_000 - 1)).isFalse();
        assertThat(controlled.due("m1", 1_000 + 10_000)).isTrue();
    }

    @Test
    void shouldRetryAFailedCopyAtTheNextLook() {
        cadence.copied("m1", 1_000, false);

        assertThat(cadence.due("m1", 1_000 + SyncCadence.LOOK_EVERY_MS)).isTrue();
    }
}
