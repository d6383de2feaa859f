package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link S3ObjectStore} against moto's S3-compatible server. */
class S3ObjectStoreTest {
    private static MotoServer moto;

    @TempDir Path dir;

    @BeforeAll
    static void startMoto() throws IOException {
        moto = MotoServer.start();
        moto.createBucket("tier");
    }

    @AfterAll
    static void stopMoto() {
        if (moto != null) {
            moto.close();
        }
    }

    private Path file(String name, int size, long seed) throws IOException {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void putThenRangedGetReturnsTheBytesOfThatRange() throws IOException {
        try (S3ObjectStore store = new S3ObjectStore(moto.settings("tier", "small/"))) {
            Path file = file("a", 100_000, 1);
            store.put("seg-0", file);
            byte[] all = Files.readAllBytes(file);
            assertThat(store.get("seg-0", 0, 100_000)).isEqualTo(all);
            assertThat(store.get("seg-0", 4096, 777))
                    .isEqualTo(Arrays.copyOfRange(all, 4096, 4096 + 777));
        }
    }

    @Test
    void aFileAboveTheThresholdGoesInPartsAndReadsBackWhole() throws IOException {
        try (S3ObjectStore store = new S3ObjectStore(moto.settings("tier", "large/"))) {
            // 12 MiB with an 8 MiB threshold and 5 MiB parts: three parts, the last short.
            Path file = file("b", 12 << 20, 2);
            store.put("seg-big", file);
            byte[] all = Files.readAllBytes(file);
            assertThat(store.get("seg-big", 0, all.length)).isEqualTo(all);
            int across = (5 << 20) - 100;
            assertThat(store.get("seg-big", across, 200))
                    .isEqualTo(Arrays.copyOfRange(all, across, across + 200));
        }
    }

    @Test
    void listSeesOnlyItsPrefixAndDeleteRemoves() throws IOException {
        try (S3ObjectStore a = new S3ObjectStore(moto.settings("tier", "list-a/"));
                S3ObjectStore b = new S3ObjectStore(moto.settings("tier", "list-b/"))) {
            Path file = file("c", 10, 3);
            a.put("commitlog/00000000000000000000", file);
            a.put("commitlog/00000000000000001024", file);
            a.put("manifest", file);
            b.put("commitlog/00000000000000000000", file);
            assertThat(a.list("commitlog/"))
                    .containsExactly(
                            "commitlog/00000000000000000000", "commitlog/00000000000000001024");
            a.delete("commitlog/00000000000000000000");
            a.delete("commitlog/missing");
            assertThat(a.list("commitlog/")).containsExactly("commitlog/00000000000000001024");
            assertThat(b.list("")).containsExactly("commitlog/00000000000000000000");
        }
    }

    @Test
    void aStoreThatIsDownFailsWithIoException() throws IOException {
        S3Settings down =
                new S3Settings(
                        "http://127.0.0.1:1",
                        "us-east-1",
                        "tier",
                        "",
                        true,
                        "t",
                        "t",
                        8L << 20,
                        5L << 20);
        try (S3ObjectStore store = new S3ObjectStore(down)) {
            Path file = file("d", 10, 4);
            assertThatThrownBy(() -> store.put("x", file)).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> store.get("x", 0, 1)).isInstanceOf(IOException.class);
        }
    }
}
