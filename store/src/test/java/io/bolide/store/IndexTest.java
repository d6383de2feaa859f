package io.bolide.store;

import static io.bolide.store.StoreParts.EPOCH;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.MutableClock;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.agrona.collections.LongArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key index: hash chains, time windows, full and torn files, and deletion. */
class IndexTest {
    /** Few slots and entries: chains collide and files fill after a handful of keys. */
    private static final int SLOTS = 4;

    private static final int ENTRIES = 6;

    @TempDir Path dir;
    private IndexService index;
    private IndexFile file;

    @AfterEach
    void close() throws Exception {
        if (index != null) {
            index.close();
        }
        if (file != null) {
            file.file().close();
        }
    }

    private IndexService openService() {
        StoreConfig config =
                StoreConfig.builder(dir)
                        .index(SLOTS, ENTRIES)
                        .preallocate(false)
                        .clock(new MutableClock(EPOCH))
                        .build();
        index = new IndexService(dir.resolve("index"), config);
        return index;
    }

    /** The record a dispatch agent would hand over: topic, properties, offset, store time. */
    static DispatchRecord dispatched(String topic, String properties, long phys, long storeTs) {
        EncodedRecord record = TestRecords.record(topic, 0, "b", properties);
        ByteBuffer buffer = ByteBuffer.allocate(record.size());
        record.write(buffer, 0, phys, 0, storeTs);
        DispatchRecord r = new DispatchRecord();
        assertThat(r.wrap(buffer, 0, phys)).isTrue();
        return r;
    }

    private static LongArrayList collect(IndexFile f, int hash, long begin, long end) {
        LongArrayList out = new LongArrayList();
        f.collect(hash, begin, end, 100, out);
        return out;
    }

    @Test
    void shouldFollowAChainThroughCollidingSlotsAndKeepOnlyItsOwnHash() throws Exception {
        file = IndexFile.open(dir, 0, SLOTS, ENTRIES, false);
        // 1, 5 and 9 share slot 1 of 4; each hash must find only its own offsets.
        file.put(1, 100, EPOCH);
        file.put(5, 200, EPOCH);
        file.put(1, 300, EPOCH + 1000);
        file.put(9, 400, EPOCH + 2000);
        assertThat(collect(file, 1, 0, Long.MAX_VALUE)).containsExactly(300L, 100L);
        assertThat(collect(file, 5, 0, Long.MAX_VALUE)).containsExactly(200L);
        assertThat(collect(file, 2, 0, Long.MAX_VALUE)).isEmpty();
        assertThat(file.beginTimestamp()).isEqualTo(EPOCH);
        assertThat(file.endTimestamp()).isEqualTo(EPOCH + 2000);
        assertThat(file.endPhys()).isEqualTo(400);
    }

    @Test
    void shouldFilterByStoreTimeToTheSecond() throws Exception {
        file = IndexFile.open(dir, 0, SLOTS, ENTRIES, false);
        file.put(7, 100, EPOCH);
        file.put(7, 200, EPOCH + 10_000);
        file.put(7, 300, EPOCH + 20_000);
        assertThat(collect(file, 7, EPOCH + 5_000, EPOCH + 15_000)).containsExactly(200L);
        assertThat(collect(file, 7, EPOCH + 10_500, EPOCH + 30_000))
                .as("times are kept in whole seconds, so the window starts a second early")
                .containsExactly(300L, 200L);
        assertThat(collect(file, 7, EPOCH + 21_000, EPOCH + 30_000)).isEmpty();
    }

    @Test
    void shouldStopTakingEntriesWhenFullOrSealed() throws Exception {
        file = IndexFile.open(dir, 0, SLOTS, 2, false);
        assertThat(file.isWritable()).isTrue();
        file.put(1, 100, EPOCH);
        file.put(2, 200, EPOCH);
        assertThat(file.isWritable()).isFalse();
        IndexFile other = IndexFile.open(dir, 1000, SLOTS, 2, false);
        other.seal();
        assertThat(other.isWritable()).isFalse();
        other.file().close();
    }

    @Test
    void shouldReadBackEntriesAfterReopeningAndDistrustATornCount() throws Exception {
        file = IndexFile.open(dir, 0, SLOTS, ENTRIES, false);
        file.put(3, 100, EPOCH);
        file.put(3, 200, EPOCH);
        file.flush();
        file.file().close();
        file = IndexFile.open(dir, 0, SLOTS, ENTRIES, false);
        assertThat(collect(file, 3, 0, Long.MAX_VALUE)).containsExactly(200L, 100L);
        file.file().putInt(36, -7); // a torn entry count
        file.file().close();
        file = IndexFile.open(dir, 0, SLOTS, ENTRIES, false);
        assertThat(file.isWritable()).as("a count out of range reads as full").isFalse();
        assertThat(collect(file, 3, 0, Long.MAX_VALUE)).containsExactly(200L, 100L);
    }

    @Test
    void shouldIndexEachKeyTokenAndTheUniqueKeyUnderTheirTopic() throws Exception {
        openService();
        index.put(dispatched("T", TestRecords.props("KEYS", "a  b c", "UNIQ_KEY", "u1"), 0, EPOCH));
        index.put(dispatched("U", TestRecords.props("KEYS", "a"), 500, EPOCH));
        for (String key : new String[] {"a", "b", "c", "u1"}) {
            assertThat(index.query("T", key, 10, 0, Long.MAX_VALUE).toLongArray())
                    .as(key)
                    .containsExactly(0L);
        }
        assertThat(index.query("U", "a", 10, 0, Long.MAX_VALUE).toLongArray())
                .containsExactly(500L);
        assertThat(index.query("T", "a b", 10, 0, Long.MAX_VALUE).size()).isZero();
        assertThat(index.lastPhys()).isEqualTo(500);
        assertThat(index.lastTimestamp()).isEqualTo(EPOCH);
    }

    @Test
    void shouldRollToANewFileWhenFullAndQueryNewestFirstUpToMax() throws Exception {
        openService();
        for (int i = 0; i < 3 * ENTRIES; i++) {
            index.put(dispatched("T", TestRecords.props("KEYS", "k"), 100L * i, EPOCH + i));
        }
        assertThat(StoreFiles.numberedFiles(dir.resolve("index"))).hasSize(3);
        LongArrayList newest = index.query("T", "k", 4, 0, Long.MAX_VALUE);
        assertThat(newest.toLongArray()).containsExactly(1700L, 1600L, 1500L, 1400L);
        assertThat(index.query("T", "k", 100, 0, Long.MAX_VALUE).size()).isEqualTo(3 * ENTRIES);
    }

    @Test
    void shouldSealTheNewestFileAfterACrashAndWriteToAFreshOne() throws Exception {
        openService();
        index.put(dispatched("T", TestRecords.props("KEYS", "k"), 0, EPOCH));
        index.flush();
        index.close();
        openService().load(true);
        index.put(dispatched("T", TestRecords.props("KEYS", "k"), 300, EPOCH + 1));
        assertThat(StoreFiles.numberedFiles(dir.resolve("index"))).hasSize(2);
        assertThat(index.query("T", "k", 10, 0, Long.MAX_VALUE).toLongArray())
                .containsExactly(300L, 0L);
        index.close();
        openService().load(false);
        index.put(dispatched("T", TestRecords.props("KEYS", "k"), 600, EPOCH + 2));
        assertThat(StoreFiles.numberedFiles(dir.resolve("index")))
                .as("after a clean stop the newest file takes more entries")
                .hasSize(2);
    }

    @Test
    void shouldDeleteFilesPointingBelowTheCommitLogMinimumButNeverTheNewest() throws Exception {
        openService();
        for (int i = 0; i < 3 * ENTRIES; i++) {
            index.put(dispatched("T", TestRecords.props("KEYS", "k"), 100L * i, EPOCH));
        }
        assertThat(index.deleteBelow(600)).as("the first file ends at 500").isEqualTo(1);
        assertThat(index.query("T", "k", 100, 0, Long.MAX_VALUE).toLongArray())
                .doesNotContain(0L, 500L)
                .contains(600L);
        assertThat(index.deleteBelow(Long.MAX_VALUE)).isEqualTo(1);
        assertThat(StoreFiles.numberedFiles(dir.resolve("index"))).hasSize(1);
    }

    @Test
    void shouldHashTheTopicAndKeyTheSameWayFromStringsAndFromStoredBytes() throws Exception {
        openService();
        index.put(dispatched("Topic-1", TestRecords.props("KEYS", "ключ"), 0, EPOCH));
        assertThat(index.query("Topic-1", "ключ", 10, 0, Long.MAX_VALUE).toLongArray())
                .containsExactly(0L);
    }
}
