package io.bolide.store;

import io.netty.buffer.ByteBuf;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import org.agrona.collections.LongArrayList;

/** Read paths over consume queues, the index and the commit log. */
final class QueueReader {
    /** Entries examined per read when a filter skips most of them (as RocketMQ's 16,000 B). */
    private static final int MIN_SCAN = 800;

    private final CommitLog log;
    private final ConsumeQueueTable queues;
    private final IndexService index;

    QueueReader(CommitLog log, ConsumeQueueTable queues, IndexService index) {
        this.log = log;
        this.queues = queues;
        this.index = index;
    }

    GetResult getMessages(
            String topic,
            int queueId,
            long offset,
            int maxCount,
            int maxBytes,
            LongPredicate filter,
            Predicate<ByteBuf> recordFilter) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null) {
            return new GetResult(GetStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0, List.of());
        }
        long min = queue.minOffset();
        long max = queue.maxOffset();
        if (max == 0 || min >= max) {
            return new GetResult(GetStatus.NO_MESSAGE_IN_QUEUE, max, min, max, List.of());
        }
        if (offset < min) {
            return new GetResult(GetStatus.OFFSET_TOO_SMALL, min, min, max, List.of());
        }
        if (offset == max) {
            return new GetResult(GetStatus.OFFSET_OVERFLOW_ONE, offset, min, max, List.of());
        }
        if (offset > max) {
            return new GetResult(GetStatus.OFFSET_OVERFLOW_BADLY, max, min, max, List.of());
        }
        return read(queue, offset, max, Math.max(1, maxCount), maxBytes, filter, recordFilter, min);
    }

    private GetResult read(
            ConsumeQueue queue,
            long offset,
            long max,
            int maxCount,
            int maxBytes,
            LongPredicate filter,
            Predicate<ByteBuf> recordFilter,
            long min) {
        List<ByteBuf> found = new ArrayList<>(Math.min(maxCount, 32));
        long end = Math.min(max, offset + Math.max(maxCount, MIN_SCAN));
        long next = offset;
        int bytes = 0;
        int removed = 0;
        boolean unavailable = false;
        try (BatchRead batch = new BatchRead(queue, log)) {
            for (; next < end && found.size() < maxCount; next++) {
                int size = batch.entry(next) ? batch.size() : -1;
                if (size <= 0 || (filter != null && !filter.test(batch.tagsCode()))) {
                    continue;
                }
                if (!found.isEmpty() && bytes + size > maxBytes) {
                    break;
                }
                ByteBuf record;
                try {
                    record = batch.record(batch.phys(), size);
                } catch (UncheckedIOException e) {
                    // The tier holds it but cannot be read now: stop here, to be read again.
                    unavailable = true;
                    break;
                }
                if (record == null) {
                    removed++;
                    continue;
                }
                if (recordFilter != null && !recordFilter.test(record)) {
                    record.release();
                    continue;
                }
                found.add(record);
                bytes += size;
            }
        }
        return new GetResult(status(found, removed > 0 || unavailable), next, min, max, found);
    }

    private static GetStatus status(List<ByteBuf> found, boolean removing) {
        return !found.isEmpty()
                ? GetStatus.FOUND
                : removing ? GetStatus.MESSAGE_WAS_REMOVING : GetStatus.NO_MATCHED_MESSAGE;
    }

    long storeTimestamp(String topic, int queueId, long offset) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null || offset < queue.minOffset() || offset >= queue.maxOffset()) {
            return -1;
        }
        return storeTimestamp(queue, offset);
    }

    private long storeTimestamp(ConsumeQueue queue, long offset) {
        long phys = queue.phys(offset);
        int size = queue.size(offset);
        MappedSegment segment = log.chain().find(phys);
        if (size > 0 && segment == null) {
            return coldStoreTimestamp(phys, size);
        }
        if (size <= 0) {
            return -1;
        }
        int pos = (int) (phys - segment.baseOffset());
        MappedWindow w = segment.pin(pos, size);
        if (w == null) {
            return -1;
        }
        try {
            return StoredRecordFlyweight.storeTimestamp(w.buffer(), pos - w.start());
        } finally {
            w.unpin();
        }
    }

    /** The store timestamp of a record the tier holds (#36), or -1. */
    private long coldStoreTimestamp(long phys, int size) {
        ByteBuf record = LogReads.cold(log, phys, size);
        if (record == null) {
            return -1;
        }
        try {
            return StoredRecordFlyweight.storeTimestamp(record.nioBuffer(), 0);
        } finally {
            record.release();
        }
    }

    /** Binary search for the first entry stored at or after {@code timestamp}. */
    long offsetByTime(String topic, int queueId, long timestamp) {
        ConsumeQueue queue = queues.find(topic, queueId);
        if (queue == null) {
            return 0;
        }
        long low = queue.minOffset();
        long high = queue.maxOffset();
        while (low < high) {
            long mid = (low + high) >>> 1;
            if (storeTimestamp(queue, mid) < timestamp) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    QueryResult queryByKey(String topic, String key, int maxNum, long begin, long end) {
        LongArrayList hits = index.query(topic, key, maxNum, begin, end);
        List<ByteBuf> found = new ArrayList<>(hits.size());
        DispatchRecord record = new DispatchRecord();
        byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < hits.size(); i++) {
            long phys = hits.getLong(i);
            int size = LogReads.sizeAt(log, phys);
            if (size < 0) {
                continue;
            }
            MappedSegment segment = log.chain().find(phys);
            if (segment == null) {
                // Evicted to the tier (#36): the record is read from it, then checked.
                ByteBuf cold = LogReads.read(log, phys, size);
                if (cold != null) {
                    ByteBuffer b = cold.nioBuffer(cold.readerIndex(), size);
                    if (matches(b, 0, phys, topic, record, keyBytes)) {
                        found.add(cold);
                    } else {
                        cold.release();
                    }
                }
                continue;
            }
            if (matches(
                    segment,
                    (int) (phys - segment.baseOffset()),
                    size,
                    phys,
                    topic,
                    record,
                    keyBytes)) {
                ByteBuf slice = LogReads.read(log, phys, size);
                if (slice != null) {
                    found.add(slice);
                }
            }
        }
        return new QueryResult(found, index.lastTimestamp(), index.lastPhys());
    }

    /** Whether the record at {@code pos} is of {@code topic} and carries {@code key}. */
    private static boolean matches(
            MappedSegment segment,
            int pos,
            int size,
            long phys,
            String topic,
            DispatchRecord record,
            byte[] key) {
        MappedWindow w = segment.pin(pos, size);
        if (w == null) {
            return false;
        }
        try {
            return matches(w.buffer(), pos - w.start(), phys, topic, record, key);
        } finally {
            w.unpin();
        }
    }

    /**
     * Whether the record at {@code at} of {@code b} is of {@code topic} and carries {@code key}.
     */
    private static boolean matches(
            ByteBuffer b, int at, long phys, String topic, DispatchRecord record, byte[] key) {
        try {
            return record.wrap(b, at, phys)
                    && StoredRecordFlyweight.hasTopic(b, at, topic)
                    && hasKey(record, key);
        } finally {
            record.buffer = null;
        }
    }

    /** Whether the record's UNIQ_KEY or one of its KEYS tokens is exactly {@code key}. */
    private static boolean hasKey(DispatchRecord r, byte[] key) {
        ByteBuffer b = r.buffer;
        if (r.uniqKeyPos >= 0 && equal(b, r.uniqKeyPos, r.uniqKeyLength, key)) {
            return true;
        }
        if (r.keysPos < 0) {
            return false;
        }
        int start = r.keysPos;
        int end = r.keysPos + r.keysLength;
        for (int i = start; i <= end; i++) {
            if (i == end || b.get(i) == ' ') {
                if (equal(b, start, i - start, key)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static boolean equal(ByteBuffer b, int pos, int length, byte[] key) {
        if (length != key.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b.get(pos + i) != key[i]) {
                return false;
            }
        }
        return true;
    }

    /** Up to {@code count} entries of a queue from {@code offset} on (admin tools' queue view). */
    List<QueueEntry> queueEntries(String topic, int queueId, long offset, int count) {
        ConsumeQueue queue = queues.find(topic, queueId);
        List<QueueEntry> entries = new ArrayList<>();
        if (queue == null) {
            return entries;
        }
        long end = Math.min(queue.maxOffset(), offset + Math.max(0, count));
        for (long at = Math.max(offset, queue.minOffset()); at < end; at++) {
            entries.add(new QueueEntry(at, queue.phys(at), queue.size(at), queue.tagsCode(at)));
        }
        return entries;
    }
}
