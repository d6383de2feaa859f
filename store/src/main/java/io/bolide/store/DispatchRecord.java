package io.bolide.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The facts dispatch needs from one stored record, read in place from the mapped segment: where it
 * is, its queue, and where its topic, TAGS, KEYS and UNIQ_KEY bytes lie. Reused for every record by
 * the single dispatch thread.
 */
final class DispatchRecord {
    private static final byte NAME_END = 1;
    private static final byte PAIR_END = 2;
    private static final byte[] TAGS = "TAGS".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEYS = "KEYS".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UNIQ_KEY = "UNIQ_KEY".getBytes(StandardCharsets.US_ASCII);

    ByteBuffer buffer;
    long phys;
    int size;
    int queueId;
    long queueOffset;
    long storeTimestamp;
    int topicPos;
    int topicLength;
    long tagsCode;
    int keysPos = -1;
    int keysLength;
    int uniqKeyPos = -1;
    int uniqKeyLength;
    private byte[] lastTopicBytes = new byte[0];
    private String lastTopic = "";

    /** Reads the record at {@code pos} (already validated by the commit log's bounds). */
    boolean wrap(ByteBuffer b, int pos, long physOffset) {
        buffer = b;
        phys = physOffset;
        size = StoredRecordFlyweight.totalSize(b, pos);
        queueId = StoredRecordFlyweight.queueId(b, pos);
        queueOffset = StoredRecordFlyweight.queueOffset(b, pos);
        storeTimestamp = StoredRecordFlyweight.storeTimestamp(b, pos);
        int lengthPos = StoredRecordFlyweight.topicLengthPos(b, pos);
        int fieldSize = StoredRecordFlyweight.topicLengthFieldSize(b, pos);
        int end = pos + size;
        if (lengthPos <= pos || lengthPos + fieldSize > end) {
            return false;
        }
        topicLength = fieldSize == 2 ? b.getShort(lengthPos) & 0xFFFF : b.get(lengthPos);
        topicPos = lengthPos + fieldSize;
        int propsLengthPos = topicPos + topicLength;
        if (topicLength <= 0 || propsLengthPos + 2 > end) {
            return false;
        }
        int propsLength = b.getShort(propsLengthPos);
        int propsPos = propsLengthPos + 2;
        if (propsLength < 0 || propsPos + propsLength > end) {
            return false;
        }
        scanProperties(b, propsPos, propsPos + propsLength);
        return true;
    }

    /** The topic; the previous record's String is reused when the bytes match (the usual case). */
    String topic() {
        if (topicLength == lastTopicBytes.length && sameAsLastTopic()) {
            return lastTopic;
        }
        byte[] bytes = new byte[topicLength];
        buffer.get(topicPos, bytes);
        lastTopicBytes = bytes;
        lastTopic = new String(bytes, StandardCharsets.UTF_8);
        return lastTopic;
    }

    private boolean sameAsLastTopic() {
        for (int i = 0; i < topicLength; i++) {
            if (buffer.get(topicPos + i) != lastTopicBytes[i]) {
                return false;
            }
        }
        return true;
    }

    private void scanProperties(ByteBuffer b, int from, int to) {
        tagsCode = 0;
        keysPos = -1;
        uniqKeyPos = -1;
        int pos = from;
        while (pos < to) {
            int valueEnd = indexOf(b, pos, to, PAIR_END);
            int pairEnd = valueEnd < 0 ? to : valueEnd;
            int nameEnd = indexOf(b, pos, pairEnd, NAME_END);
            if (nameEnd > pos) {
                property(b, pos, nameEnd - pos, nameEnd + 1, pairEnd - nameEnd - 1);
            }
            pos = pairEnd + 1;
        }
    }

    private void property(ByteBuffer b, int namePos, int nameLength, int valuePos, int length) {
        if (length <= 0) {
            return;
        }
        if (matches(b, namePos, nameLength, TAGS)) {
            tagsCode = tagsHash(b, valuePos, length);
        } else if (matches(b, namePos, nameLength, KEYS)) {
            keysPos = valuePos;
            keysLength = length;
        } else if (matches(b, namePos, nameLength, UNIQ_KEY)) {
            uniqKeyPos = valuePos;
            uniqKeyLength = length;
        }
    }

    /** Java's String.hashCode of the tag, computed from the bytes when they are ASCII. */
    static long tagsHash(ByteBuffer b, int pos, int length) {
        int h = 0;
        for (int i = 0; i < length; i++) {
            byte c = b.get(pos + i);
            if (c < 0) {
                byte[] bytes = new byte[length];
                b.get(pos, bytes);
                return new String(bytes, StandardCharsets.UTF_8).hashCode();
            }
            h = 31 * h + c;
        }
        return h;
    }

    private static boolean matches(ByteBuffer b, int pos, int length, byte[] name) {
        if (length != name.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b.get(pos + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(ByteBuffer b, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (b.get(i) == value) {
                return i;
            }
        }
        return -1;
    }
}
