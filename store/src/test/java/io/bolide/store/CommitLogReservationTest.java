package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CommitLogReservationTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(FlushMode.class)
    void shouldZeroFillOnlyAWindowWhenCreatingACommitLogSegment(FlushMode mode) throws Exception {
        StoreConfig config =
                StoreConfig.builder(dir)
                        .segmentSize(4 * CommitLog.RESERVE_WINDOW)
                        .flushMode(mode)
                        .build();
        SegmentChain chain = CommitLogChain.open(config);
        try {
            MappedSegment segment = chain.create(0);

            assertThat(segment.reservedPosition()).isEqualTo(CommitLog.RESERVE_WINDOW);
            assertThat(segment.size()).isEqualTo(4 * CommitLog.RESERVE_WINDOW);
        } finally {
            chain.close();
        }
    }

    @ParameterizedTest
    @EnumSource(FlushMode.class)
    void shouldFillNothingAtCreationWhenPreallocationIsOff(FlushMode mode) throws Exception {
        StoreConfig config =
                StoreConfig.builder(dir)
                        .segmentSize(4 * CommitLog.RESERVE_WINDOW)
                        .flushMode(mode)
                        .preallocate(false)
                        .build();
        SegmentChain chain = CommitLogChain.open(config);
        try {
            assertThat(chain.create(0).reservedPosition()).isZero();
        } finally {
            chain.close();
        }
    }
}
