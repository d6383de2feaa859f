package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

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

    /** The headers of every request the SDK sends, as signed, just before it goes out. */
    private static final class Headers implements ExecutionInterceptor {
        final List<SdkHttpRequest> sent = new CopyOnWriteArrayList<>();

        @Override
        public void beforeTransmission(
                Context.BeforeTransmission context, ExecutionAttributes attributes) {
            sent.add(context.httpRequest());
        }
    }

    @Test
    void uploadsGoWithAnUnsignedPayloadAndNoChecksumOfTheSdksOwn() throws IOException {
        Headers headers = new Headers();
        try (S3ObjectStore store =
                new S3ObjectStore(moto.settings("tier", "unsigned/"), List.of(headers))) {
            Path small = file("e", 100_000, 5);
            Path large = file("f", 12 << 20, 6);
            store.put("small", small);
            store.put("large", large);
            assertThat(store.get("small", 0, 100_000)).isEqualTo(Files.readAllBytes(small));
            assertThat(store.get("large", 0, 12 << 20)).isEqualTo(Files.readAllBytes(large));
            // The read-back streams the object in one GET, and a short object fails it.
            ByteArrayOutputStream whole = new ByteArrayOutputStream();
            store.readAll("large", 12 << 20, whole::write);
            assertThat(whole.toByteArray()).isEqualTo(Files.readAllBytes(large));
            assertThatThrownBy(() -> store.readAll("small", 100_001, (b, o, l) -> {}))
                    .isInstanceOf(IOException.class);
        }
        // One PUT of the small file, three parts of the large one (an 8 MiB threshold, 5 MiB
        // parts).
        List<SdkHttpRequest> puts =
                headers.sent.stream().filter(r -> r.method() == SdkHttpMethod.PUT).toList();
        assertThat(puts).hasSize(4);
        for (SdkHttpRequest put : puts) {
            assertThat(put.firstMatchingHeader("x-amz-content-sha256"))
                    .hasValue("UNSIGNED-PAYLOAD");
            assertThat(put.firstMatchingHeader("Authorization").orElseThrow())
                    .startsWith("AWS4-HMAC-SHA256 ")
                    .contains("x-amz-content-sha256");
            assertThat(put.firstMatchingHeader("Content-Encoding")).isEmpty();
            assertThat(put.firstMatchingHeader("x-amz-trailer")).isEmpty();
            assertThat(put.headers().keySet())
                    .noneMatch(name -> name.toLowerCase(Locale.ROOT).startsWith("x-amz-checksum"));
        }
        // The ranged reads ask for no checksum either.
        assertThat(headers.sent)
                .filteredOn(r -> r.method() == SdkHttpMethod.GET)
                .isNotEmpty()
                .allSatisfy(
                        get ->
                                assertThat(get.firstMatchingHeader("x-amz-checksum-mode"))
                                        .isEmpty());
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
