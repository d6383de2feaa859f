package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Fills a 2 MiB tmpfs (needs root to mount; skipped otherwise). */
class FullDiskTest {
    @TempDir Path parent;
    private Path mount;

    @BeforeEach
    void mountTmpfs() throws Exception {
        mount = Files.createDirectory(parent.resolve("small"));
        assumeTrue(
                run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.toString()),
                "cannot mount a tmpfs here (needs root)");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            // Lazy: the JVM still maps the files (mappings go with the GC), which keeps it busy.
            run("umount", "-l", mount.toString());
        }
    }

    private static boolean run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    }

    private StoreConfig config(boolean preallocate) {
        return StoreConfig.builder(mount.resolve("store"))
                .preallocate(preallocate)
                .segmentSize(128 * 1024)
                .consumeQueueFileSize(20 * 1000)
                .index(64, 500)
                .flushMode(FlushMode.SYNC)
                .checkpointIntervalMs(20)
                .build();
    }

    /**
     * Without preallocation ({@code warmMapedFileEnable=false}, the broker's default) the segments
     * are sparse; the log must still run out of space in a reservation, not in a mapped write.
     */
    @ParameterizedTest(name = "preallocate={0}")
    @ValueSource(booleans = {true, false})
    void shouldFailWritesClearlyAndKeepEverythingAcknowledgedWhenDiskIsFull(boolean preallocate)
            throws Exception {
        List<PutResult> acked = new ArrayList<>();
        PutResult refused;
        try (MessageStore store = MessageStore.open(config(preallocate))) {
            while (true) {
                PutResult result = store.put(body(acked.size())).join();
                if (!result.isOk()) {
                    refused = result;
                    break;
                }
                acked.add(result);
            }
            assertThat(refused.status())
                    .isIn(PutStatus.CREATE_SEGMENT_FAILED, PutStatus.STORE_READ_ONLY);
            assertThat(store.failure()).isInstanceOf(StoreReadOnlyException.class);
            assertThat(store.failure()).hasRootCauseMessage("No space left on device");
            assertThat(store.put(body(-1)).join().status()).isEqualTo(PutStatus.STORE_READ_ONLY);
        }
        assertThat(acked.size()).isGreaterThan(100);
        assertThat(run("mount", "-o", "remount,size=8m", mount.toString())).isTrue();
        try (MessageStore store = MessageStore.open(config(preallocate))) {
            for (int i = 0; i < acked.size(); i++) {
                GetResult got = store.getMessages("T", 0, i, 1, 1 << 20, null);
                assertThat(got.status()).as("message %d", i).isEqualTo(GetStatus.FOUND);
                assertThat(TestRecords.body(got.messages().get(0))).isEqualTo(text(i));
                got.release();
            }
            assertThat(store.put(body(acked.size())).join().queueOffset()).isEqualTo(acked.size());
        }
    }

    private static EncodedRecord body(int i) {
        return TestRecords.record("T", 0, text(i), TestRecords.props("KEYS", "k" + i));
    }

    private static String text(int i) {
        return i + "-" + "x".repeat(900);
    }
}
