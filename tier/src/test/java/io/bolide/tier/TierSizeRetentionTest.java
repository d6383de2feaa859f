package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.FlushMode;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention in the tier by size ({@code tieredStoreMaxBytes}): the oldest segments beyond the bound
 * go from the manifest, then from the object store, and the store's queues follow; a crash between
 * the two leaves only an object the next start's sweep deletes.
 */
class TierSizeRetentionTest {
    private static final String TOPIC = "TierBytes";
    private static final int SEGMENT = 64 << 10;
    private static final long BUDGET = 2L * SEGMENT;
    private static final long MAX_BYTES = 3L * SEGMENT;
    private static final int RECORDS = 400;

    @TempDir Path dir;

    /** The object store with deletes failing while {@code failDeletes} (a crash before them). */
    private static final class Deletes implements ObjectStore {
        final ObjectStore store;
        final AtomicBoolean failDeletes = new AtomicBoolean();

        Deletes(ObjectStore store) {
            this.store = store;
        }

        @Override
        public void put(String key, Path file) throws IOException {
            store.put(key, file);
        }

        @Override
        public byte[] get(String key, long position, int length) throws IOException {
            return store.get(key, position, length);
        }

        @Override
        public void readAll(String key, long length, Sink sink) throws IOException {
            store.readAll(key, length, sink);
        }

        @Override
        public List<String> list(String keyPrefix) throws IOException {
            return store.list(keyPrefix);
        }

        @Override
        public void delete(String key) throws IOException {
            if (failDeletes.get()) {
                throw new IOException("killed before deleting " + key);
            }
            store.delete(key);
        }

        @Override
        public void abortUploads(String keyPrefix) throws IOException {
            store.abortUploads(keyPrefix);
        }

        @Override
        public void close() {
            store.close();
        }
    }

    @Test
    void theOldestSegmentsBeyondTheBoundLeaveTheTierAndACrashLeavesNoEntryWithoutItsObject()
            throws Exception {
        try (MotoServer moto = MotoServer.start()) {
            moto.createBucket("bolide");
            S3Settings s3 = moto.settings("bolide", "bytes/");
            TierSettings settings = new TierSettings(s3, BUDGET, 72, 1 << 20, 20, MAX_BYTES);
            Deletes objects = new Deletes(new S3ObjectStore(s3));
            // Deletes fail from the start: every segment beyond the bound is forgotten by the
            // manifest, and its object stays behind, as after a kill between the two.
            objects.failDeletes.set(true);
            try (TieredStorage tier = TieredStorage.open(settings, dir, 4096, objects);
                    MessageStore store = MessageStore.open(config(tier))) {
                tier.start(store);
                write(store);
                awaitWithinBound(tier, store);
                tier.stop();
                assertThat(tier.stats().objectsDeleted()).isZero();
                assertThat(objects.list(TieredSegments.PREFIX))
                        .hasSizeGreaterThan(tier.objectCount());
            }
            try (S3ObjectStore plain = new S3ObjectStore(s3);
                    TieredStorage tier = TieredStorage.open(settings, dir, 4096, plain);
                    MessageStore store = MessageStore.open(config(tier))) {
                tier.start(store);
                // The first round's sweep deletes the objects the manifest forgot.
                Await.until(
                        Duration.ofSeconds(60),
                        () -> tier.stats().orphansDeleted() > 0,
                        "the forgotten objects swept");
                write(store);
                awaitWithinBound(tier, store);
                tier.stop();
                assertThat(tier.stats().objectsDeleted()).isPositive();
                List<String> held =
                        tier.manifestEntries().stream()
                                .map(e -> TieredSegments.key(e.baseOffset()))
                                .toList();
                assertThat(plain.list(TieredSegments.PREFIX)).containsExactlyElementsOf(held);
                // The store's first record is the tier's first; everything from there reads.
                long first = tier.coldSegments().minOffset();
                assertThat(store.minPhysicalOffset()).isEqualTo(first);
                long queueMin = store.minOffset(TOPIC, 0);
                assertThat(queueMin).isPositive();
                for (long offset = queueMin; offset < 2 * RECORDS; offset += 25) {
                    GetResult result = store.getMessages(TOPIC, 0, offset, 1, 1 << 20, null);
                    try {
                        assertThat(result.status()).as("at " + offset).isEqualTo(GetStatus.FOUND);
                    } finally {
                        result.release();
                    }
                }
            }
        }
    }

    /** Everything sealed uploaded, the local disk within its budget and the tier within bound. */
    private static void awaitWithinBound(TieredStorage tier, MessageStore store) {
        Await.until(
                Duration.ofSeconds(90),
                Duration.ofMillis(20),
                () ->
                        tier.stats().uploadLagBytes() == 0
                                && store.localBudget().localBytes() <= BUDGET
                                && tier.tierBytes() <= MAX_BYTES
                                && tier.objectCount() > 0,
                "the tier within tieredStoreMaxBytes");
    }

    private StoreConfig config(TieredStorage tier) {
        return StoreConfig.builder(dir.resolve("store"))
                .segmentSize(SEGMENT)
                .maxRecordSize(8 << 10)
                .consumeQueueFileSize(20 * 1000)
                .flushMode(FlushMode.ASYNC)
                .flushIntervalMs(10)
                .coldSegments(tier.coldSegments())
                .build();
    }

    /** {@link #RECORDS} records of 1,000 bytes (about six segments). */
    private static void write(MessageStore store) {
        for (int i = 0; i < RECORDS; i++) {
            StoredMessageEncoder encoder =
                    new StoredMessageEncoder()
                            .topic(TOPIC)
                            .queueId(0)
                            .bornTimestamp(System.currentTimeMillis())
                            .bornHost(new byte[] {127, 0, 0, 1}, 12345)
                            .storeHost(new byte[] {127, 0, 0, 1}, 10911)
                            .body(Unpooled.wrappedBuffer(new byte[1000]));
            ByteBuf out = Unpooled.buffer(encoder.recordLength());
            encoder.encode(out);
            Puts.put(store, TOPIC, 0, out);
        }
    }
}
