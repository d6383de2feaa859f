package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.EncodedRecord;
import io.bolide.store.FlushMode;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.bolide.store.PutStatus;
import io.bolide.store.SealedSegment;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message store with tiered storage (#36) on moto's S3 server: tiny segments and a local budget
 * of two, records written across many segments, offloaded and evicted, then read back byte-exact
 * from offset 0 through the tier, before and after a restart with the manifest.
 */
class TieredStoreTest {
    private static final int SEGMENT = 64 << 10;
    private static final long BUDGET = 2L * SEGMENT;
    private static final String TOPIC = "tiered";
    private static final int RECORDS = 600;

    /** Blocks of 4 KiB, so many records span two of them. */
    private static final int BLOCK = 4 << 10;

    @TempDir Path dir;

    @Test
    void evictedSegmentsAreReadThroughTheTierByteExactAndAfterARestart() throws Exception {
        try (MotoServer moto = MotoServer.start()) {
            moto.createBucket("bolide");
            TierSettings settings = settings(moto.settings("bolide", "broker-a/"));
            List<byte[]> written;
            try (TieredStorage tier = TieredStorage.open(settings, dir, BLOCK);
                    MessageStore store = MessageStore.open(config(tier))) {
                tier.start(store);
                written = write(store);
                Await.until(
                        Duration.ofSeconds(60),
                        () -> store.localBudget().localBytes() <= BUDGET,
                        "local commit log within the budget");
                tier.stop();
                assertThat(store.localBudget().localMinOffset()).isGreaterThan(4L * SEGMENT);
                assertThat(store.minPhysicalOffset()).isZero();
                assertThat(readAll(store)).containsExactlyElementsOf(hex(written));
                TierStats stats = tier.stats();
                assertThat(stats.objectsUploaded()).isGreaterThanOrEqualTo(5);
                assertThat(stats.bytesUploaded()).isEqualTo(stats.objectsUploaded() * SEGMENT);
                assertThat(stats.segmentsEvicted()).isGreaterThanOrEqualTo(4);
                assertThat(stats.tierReads()).isGreaterThan(0);
                assertThat(stats.cacheHits()).isGreaterThan(stats.cacheMisses());
                assertThat(stats.uploadLagBytes()).isZero();
                // The reads from offset 0 are sequential: blocks were fetched ahead and used.
                assertThat(stats.readAheadBlocks()).isPositive();
                assertThat(stats.readAheadHits()).isPositive();
            }
            try (TieredStorage tier = TieredStorage.open(settings, dir, BLOCK);
                    MessageStore store = MessageStore.open(config(tier))) {
                assertThat(store.minOffset(TOPIC, 0)).isZero();
                assertThat(store.localBudget().localBytes()).isLessThanOrEqualTo(BUDGET);
                assertThat(readAll(store)).containsExactlyElementsOf(hex(written));
                assertThat(tier.stats().tierReads()).isGreaterThan(0);
            }
        }
    }

    @Test
    void aStoreWhoseLocalCommitLogIsDeletedServesTheTierAndWritesAfterIt() throws Exception {
        try (MotoServer server = MotoServer.start()) {
            server.createBucket("bolide");
            TierSettings settings = settings(server.settings("bolide", "broker-d/"));
            List<byte[]> written;
            long tierEnd;
            try (TieredStorage tier = TieredStorage.open(settings, dir, BLOCK);
                    MessageStore store = MessageStore.open(config(tier))) {
                tier.start(store);
                written = write(store);
                Await.until(
                        Duration.ofSeconds(60),
                        () -> store.localBudget().localBytes() <= BUDGET,
                        "local commit log within the budget");
                tier.stop();
                tierEnd = tier.coldSegments().endOffset();
            }
            deleteTree(dir.resolve("store").resolve("commitlog"));
            try (TieredStorage tier = TieredStorage.open(settings, dir, BLOCK);
                    MessageStore store = MessageStore.open(config(tier))) {
                // The records the tier holds are all there; the local tail that was never
                // uploaded went with the deleted files, and new records follow the tier's end.
                int held = heldRecords(store, tierEnd);
                assertThat(held).isGreaterThan(RECORDS / 2);
                assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(held);
                assertThat(readAll(store, held))
                        .containsExactlyElementsOf(hex(written).subList(0, held));
                ByteBuf record = encode(new byte[300], "after");
                var put = Puts.put(store, TOPIC, 0, record);
                assertThat(put.physicalOffset()).isEqualTo(tierEnd);
                assertThat(put.queueOffset()).isEqualTo(held);
                assertThat(store.minPhysicalOffset()).isZero();
            }
        }
    }

    @Test
    void aReplicaCopyingFromOffsetZeroGetsTheEvictedSegmentsFromTheTier() throws Exception {
        try (TieredStorage tier = open();
                MessageStore master = MessageStore.open(config(tier))) {
            tier.start(master);
            List<byte[]> written = write(master);
            Await.until(
                    Duration.ofSeconds(60),
                    () -> master.localBudget().localBytes() <= BUDGET,
                    "local commit log within the budget");
            tier.stop();
            assertThat(master.localBudget().localMinOffset()).isGreaterThan(4L * SEGMENT);
            StoreConfig replicaConfig =
                    StoreConfig.builder(dir.resolve("replica"))
                            .segmentSize(SEGMENT)
                            .maxRecordSize(8 << 10)
                            .consumeQueueFileSize(20 * 1000)
                            .flushMode(FlushMode.ASYNC)
                            .flushIntervalMs(10)
                            .replica(true)
                            .build();
            try (MessageStore replica = MessageStore.open(replicaConfig)) {
                // What a master's HA link ships: slices from the slave's end, evicted ones
                // included, each appended where the replica's log ends.
                long end = master.maxPhysicalOffset();
                for (long pos = 0; pos < end; ) {
                    ByteBuf slice = master.transferSlice(pos, 4 << 20);
                    assertThat(slice).as("a slice at " + pos).isNotNull();
                    try {
                        pos = replica.appendReplicated(pos, slice);
                    } finally {
                        slice.release();
                    }
                }
                Await.until(
                        Duration.ofSeconds(30),
                        () -> replica.maxOffset(TOPIC, 0) == RECORDS,
                        "every replicated record dispatched");
                assertThat(readAll(replica)).containsExactlyElementsOf(hex(written));
            }
            assertThat(tier.stats().tierReads()).isPositive();
        }
    }

    /** Queue entries whose records lie below the tier's end (every one the store still has). */
    private static int heldRecords(MessageStore store, long tierEnd) {
        int held = 0;
        while (true) {
            GetResult result = store.getMessages(TOPIC, 0, held, 1, 1 << 20, null);
            try {
                if (result.status() != GetStatus.FOUND) {
                    return held;
                }
            } finally {
                result.release();
            }
            held++;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void aPullMeetingAnUnreadableTierStopsThereAndNeverSkips() throws Exception {
        try (TieredStorage tier = open();
                MessageStore store = MessageStore.open(config(tier))) {
            tier.start(store);
            write(store);
            Await.until(
                    Duration.ofSeconds(60),
                    () -> store.localBudget().localBytes() <= BUDGET,
                    "local commit log within the budget");
            tier.stop();
            moto.close();
            GetResult result = store.getMessages(TOPIC, 0, 0, 32, 256 << 10, null);
            try {
                assertThat(result.status()).isEqualTo(GetStatus.MESSAGE_WAS_REMOVING);
                assertThat(result.nextBeginOffset()).isZero();
                assertThat(tier.stats().tierReadFailures()).isPositive();
            } finally {
                result.release();
            }
        }
    }

    private MotoServer moto;

    @AfterEach
    void stopMoto() {
        if (moto != null) {
            moto.close();
        }
    }

    private TieredStorage open() throws IOException {
        moto = MotoServer.start();
        moto.createBucket("bolide");
        return TieredStorage.open(settings(moto.settings("bolide", "")), dir, BLOCK);
    }

    @Test
    void withTheObjectStoreDownNothingIsEvictedAndEverythingStaysReadable() throws Exception {
        S3Settings dead =
                new S3Settings(
                        "http://127.0.0.1:9",
                        "us-east-1",
                        "bolide",
                        "",
                        true,
                        "test",
                        "test",
                        8L << 20,
                        5L << 20);
        try (TieredStorage tier = TieredStorage.open(settings(dead), dir);
                MessageStore store = MessageStore.open(config(tier))) {
            // Written before the offloader starts: once a round has failed with the budget full,
            // the store refuses writes (checked below), which no retry gets past here.
            List<byte[]> written = write(store);
            tier.start(store);
            Await.until(
                    Duration.ofSeconds(60),
                    // The lag is counted at each round's start: wait for a round that saw them all.
                    () ->
                            tier.stats().uploadFailures() > 0
                                    && store.localBudget().sealed().size() > 4
                                    && tier.stats().uploadLagBytes() == sealedBytes(store),
                    "a failed upload round counting every sealed segment as lag");
            assertThat(
                            store.put(new EncodedRecord(TOPIC, 0, encode(new byte[10], "refused")))
                                    .get()
                                    .status())
                    .isEqualTo(PutStatus.LOCAL_BUDGET_FULL);
            tier.stop();
            assertThat(tier.objectCount()).isZero();
            assertThat(store.localBudget().localMinOffset()).isZero();
            assertThat(store.localBudget().localBytes()).isGreaterThan(BUDGET);
            assertThat(tier.stats().uploadLagBytes()).isGreaterThanOrEqualTo(4L * SEGMENT);
            assertThat(readAll(store)).containsExactlyElementsOf(hex(written));
        }
    }

    private static long sealedBytes(MessageStore store) {
        return store.localBudget().sealed().stream().mapToLong(SealedSegment::length).sum();
    }

    private static TierSettings settings(S3Settings s3) {
        return new TierSettings(s3, BUDGET, 72, 4L << 20, 50, 0);
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

    /** Writes records of varied sizes (many across two of the tier's blocks); their bytes. */
    private static List<byte[]> write(MessageStore store) throws Exception {
        Random random = new Random(36);
        List<byte[]> written = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            byte[] body = new byte[200 + random.nextInt(1500)];
            random.nextBytes(body);
            ByteBuf record = encode(body, "i=" + i);
            Puts.put(store, TOPIC, 0, record);
        }
        Await.until(
                Duration.ofSeconds(30),
                () -> store.maxOffset(TOPIC, 0) == RECORDS,
                "every record dispatched");
        for (long offset = 0; offset < RECORDS; offset++) {
            GetResult result = store.getMessages(TOPIC, 0, offset, 1, 1 << 20, null);
            try {
                written.add(ByteBufUtil.getBytes(result.messages().get(0)));
            } finally {
                result.release();
            }
        }
        return written;
    }

    private static ByteBuf encode(byte[] body, String key) {
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .topic(TOPIC)
                        .queueId(0)
                        .bornTimestamp(System.currentTimeMillis())
                        .bornHost(new byte[] {127, 0, 0, 1}, 12345)
                        .storeHost(new byte[] {127, 0, 0, 1}, 10911)
                        .body(Unpooled.wrappedBuffer(body))
                        .properties("KEYS\u0001" + key + "\u0002");
        ByteBuf out = Unpooled.buffer(encoder.recordLength());
        encoder.encode(out);
        return out;
    }

    /** Every record of the queue from offset 0 in pulls of 32, as hex. */
    private static List<String> readAll(MessageStore store) {
        return readAll(store, RECORDS);
    }

    /** The first {@code count} records of the queue in pulls of 32, as hex. */
    private static List<String> readAll(MessageStore store, int count) {
        List<String> read = new ArrayList<>();
        long offset = 0;
        while (offset < count) {
            GetResult result = store.getMessages(TOPIC, 0, offset, 32, 256 << 10, null);
            try {
                assertThat(result.status()).as("pull at " + offset).isEqualTo(GetStatus.FOUND);
                result.messages().forEach(m -> read.add(ByteBufUtil.hexDump(m)));
                offset = result.nextBeginOffset();
            } finally {
                result.release();
            }
        }
        return read;
    }

    private static List<String> hex(List<byte[]> records) {
        return records.stream().map(ByteBufUtil::hexDump).toList();
    }
}
