package io.bolide.store;

import static io.bolide.store.StoreParts.EPOCH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** Reading, validating and patching a stored record in place, and parsing it for dispatch. */
class StoredRecordTest {
    private static ByteBuffer stored(String topic, int queue, String body, String props) {
        EncodedRecord record = TestRecords.record(topic, queue, body, props);
        ByteBuffer b = ByteBuffer.allocate(record.size() + 16);
        record.write(b, 16, 5000, 7, EPOCH);
        return b;
    }

    @Test
    void shouldPatchTheFieldsTheStoreAssigns() {
        ByteBuffer b = stored("T", 3, "body", "");
        assertThat(StoredRecordFlyweight.queueId(b, 16)).isEqualTo(3);
        assertThat(StoredRecordFlyweight.queueOffset(b, 16)).isEqualTo(7);
        assertThat(StoredRecordFlyweight.physicalOffset(b, 16)).isEqualTo(5000);
        assertThat(StoredRecordFlyweight.storeTimestamp(b, 16)).isEqualTo(EPOCH);
        assertThat(StoredRecordFlyweight.bodyLength(b, 16)).isEqualTo(4);
        assertThat(StoredRecordFlyweight.isRecordMagic(StoredRecordFlyweight.magic(b, 16)))
                .isTrue();
    }

    @Test
    void shouldAcceptAWholeRecordAndRejectEachKindOfDamage() {
        ByteBuffer b = stored("Topic", 0, "some body", TestRecords.props("TAGS", "A"));
        int size = StoredRecordFlyweight.totalSize(b, 16);
        CRC32 crc = new CRC32();
        assertThat(StoredRecordFlyweight.isWellFormed(b, 16, size, crc)).isTrue();
        assertThat(StoredRecordFlyweight.isWellFormed(b, 16, size - 1, crc))
                .as("lengths must add up to the size")
                .isFalse();

        int bodyAt = 16 + StoredRecordFlyweight.bodyLengthOffset(0) + 4;
        ByteBuffer flipped = copy(b);
        flipped.put(bodyAt, (byte) (flipped.get(bodyAt) ^ 1));
        assertThat(StoredRecordFlyweight.isWellFormed(flipped, 16, size, crc)).as("CRC").isFalse();

        ByteBuffer badMagic = copy(b);
        badMagic.putInt(16 + StoredRecordFlyweight.MAGIC_OFFSET, 0x12345678);
        assertThat(StoredRecordFlyweight.isWellFormed(badMagic, 16, size, crc)).isFalse();

        ByteBuffer badBodyLength = copy(b);
        badBodyLength.putInt(bodyAt - 4, -1);
        assertThat(StoredRecordFlyweight.isWellFormed(badBodyLength, 16, size, crc)).isFalse();

        assertThat(StoredRecordFlyweight.isWellFormed(b, 16, 10, crc)).as("too small").isFalse();
    }

    private static ByteBuffer copy(ByteBuffer b) {
        ByteBuffer copy = ByteBuffer.allocate(b.capacity());
        copy.put(0, b, 0, b.capacity());
        return copy;
    }

    @Test
    void shouldRecogniseItsTopicOnly() {
        ByteBuffer b = stored("TopicA", 0, "x", "");
        assertThat(StoredRecordFlyweight.hasTopic(b, 16, "TopicA")).isTrue();
        assertThat(StoredRecordFlyweight.hasTopic(b, 16, "TopicB")).isFalse();
        assertThat(StoredRecordFlyweight.hasTopic(b, 16, "Topic")).isFalse();
    }

    @Test
    void shouldWriteAnEndOfFileBlankAsRocketMqDoes() {
        ByteBuffer b = ByteBuffer.allocate(64);
        StoredRecordFlyweight.writeBlank(b, 8, 56);
        assertThat(StoredRecordFlyweight.totalSize(b, 8)).isEqualTo(56);
        assertThat(StoredRecordFlyweight.magic(b, 8)).isEqualTo(0xCBD43194);
        assertThat(StoredRecordFlyweight.isRecordMagic(StoredRecordFlyweight.magic(b, 8)))
                .isFalse();
    }

    @Test
    void shouldRefuseAnEncodedRecordThatDisagreesWithItself() {
        ByteBuf good = TestRecords.encode("T", 0, new byte[] {1, 2}, "");
        assertThatThrownBy(() -> new EncodedRecord("U", 0, good))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("topic");
        ByteBuf cut = good.slice(0, good.readableBytes() - 1);
        assertThatThrownBy(() -> new EncodedRecord("T", 0, cut))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TOTALSIZE");
    }

    @Test
    void shouldFindTagsKeysAndUniqueKeyForDispatch() {
        ByteBuffer b =
                stored(
                        "T",
                        2,
                        "x",
                        TestRecords.props("TAGS", "TagA", "KEYS", "k1 k2", "UNIQ_KEY", "U-1"));
        DispatchRecord r = new DispatchRecord();
        assertThat(r.wrap(b, 16, 5000)).isTrue();
        assertThat(r.topic()).isEqualTo("T");
        assertThat(r.queueId).isEqualTo(2);
        assertThat(r.queueOffset).isEqualTo(7);
        assertThat(r.storeTimestamp).isEqualTo(EPOCH);
        assertThat(r.tagsCode).as("String.hashCode of the tag").isEqualTo("TagA".hashCode());
        assertThat(text(b, r.keysPos, r.keysLength)).isEqualTo("k1 k2");
        assertThat(text(b, r.uniqKeyPos, r.uniqKeyLength)).isEqualTo("U-1");
    }

    @Test
    void shouldHashNonAsciiTagsAsJavaStringsDo() {
        ByteBuffer b = stored("T", 0, "x", TestRecords.props("TAGS", "标签"));
        DispatchRecord r = new DispatchRecord();
        assertThat(r.wrap(b, 16, 5000)).isTrue();
        assertThat(r.tagsCode).isEqualTo("标签".hashCode());
    }

    @Test
    void shouldReuseTheTopicStringForConsecutiveRecordsOfOneTopic() {
        DispatchRecord r = new DispatchRecord();
        r.wrap(stored("Same", 0, "a", ""), 16, 0);
        String first = r.topic();
        r.wrap(stored("Same", 0, "b", ""), 16, 0);
        assertThat(r.topic()).isSameAs(first);
        r.wrap(stored("Other", 0, "c", ""), 16, 0);
        assertThat(r.topic()).isEqualTo("Other");
    }

    @Test
    void shouldRejectARecordWhosePropertiesRunPastItsEnd() {
        ByteBuffer b = stored("T", 0, "x", TestRecords.props("KEYS", "k"));
        int size = StoredRecordFlyweight.totalSize(b, 16);
        int propsLengthAt = 16 + size - TestRecords.props("KEYS", "k").length() - 2;
        b.putShort(propsLengthAt, (short) 500);
        assertThat(new DispatchRecord().wrap(b, 16, 0)).isFalse();
    }

    private static String text(ByteBuffer b, int pos, int length) {
        byte[] bytes = new byte[length];
        b.get(pos, bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void shouldKeepNextQueueOffsetsPerTopicAndQueue() {
        QueueOffsetTable table = new QueueOffsetTable();
        assertThat(table.peek("T", 0)).isZero();
        table.set("T", 0, 5);
        table.set("T", 40_000, 9); // grows the topic's array
        assertThat(table.peek("T", 0)).isEqualTo(5);
        assertThat(table.peek("T", 40_000)).isEqualTo(9);
        assertThat(table.peek("T", 1)).isZero();
        assertThat(table.peek("U", 0)).isZero();
        table.removeTopic("T");
        assertThat(table.peek("T", 0)).isZero();
    }
}
