package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.IoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failing trim or unmap is logged and survived: no thread dies, no reference is kept. */
class MappingFailureTest {
    @TempDir Path dir;

    @Test
    void shouldKeepTrimmingAfterATrimThrows() {
        AtomicLong nanos = new AtomicLong();
        AtomicInteger calls = new AtomicInteger();
        MappingAgent agent =
                new MappingAgent(
                        () -> {
                            if (calls.incrementAndGet() <= 2) {
                                throw new IllegalStateException("injected trim failure");
                            }
                            return 3;
                        },
                        nanos::get);

        assertThat(agent.doWork()).as("before the first interval").isZero();
        nanos.addAndGet(MappingAgent.INTERVAL_NANOS);
        assertThat(agent.doWork()).isZero();
        nanos.addAndGet(MappingAgent.INTERVAL_NANOS);
        assertThat(agent.doWork()).isZero();
        nanos.addAndGet(MappingAgent.INTERVAL_NANOS);
        assertThat(agent.doWork()).as("the trim after two failures").isEqualTo(3);
        assertThat(agent.failures()).isEqualTo(2);
        assertThat(calls.get()).isEqualTo(3);
    }

    @Test
    void shouldReleaseEveryReferenceWhenTheUnmapThrows() throws IOException {
        AtomicInteger unmaps = new AtomicInteger();
        MappedByteBuffer mapping = map(dir.resolve("segment"), 8192);
        MappedWindow window =
                new MappedWindow(
                        mapping,
                        0,
                        m -> {
                            unmaps.incrementAndGet();
                            throw new IllegalStateException("injected unmap failure");
                        });
        assertThat(window.tryPin()).isTrue();
        ByteBuf slice = window.tryRetainedSlice(0, 64);
        window.unpin();
        assertThat(window.retire()).isTrue();
        assertThat(window.users()).as("the slice").isEqualTo(1);

        assertThat(slice.release()).as("the last reference, whose unmap throws inside").isTrue();

        assertThat(unmaps.get()).isEqualTo(1);
        assertThat(window.users()).isZero();
        assertThat(window.tryPin()).as("a released window is never pinned again").isFalse();
        IoUtil.unmap(mapping);
    }

    @Test
    void shouldNotKeepAPinWhenASliceIsRefused() throws IOException {
        MappedWindow window = new MappedWindow(map(dir.resolve("segment"), 4096), 0);
        assertThatThrownBy(() -> window.tryRetainedSlice(4000, 4096))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(window.users()).isZero();
        window.retire();
    }

    private static MappedByteBuffer map(Path file, int size) throws IOException {
        try (FileChannel ch =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE)) {
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
        }
    }
}
