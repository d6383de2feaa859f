package io.bolide.store;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Where each consume queue ended at a clean shutdown, so that the next start need not search for
 * the tail. A queue file is created at its full size (5.7 MiB by default) with only the part ahead
 * of its entries written; searching it for its last entry reads the unwritten rest, which the
 * kernel serves as zero-filled page cache: with thousands of lite topics (one queue each, issue
 * #34) that search was nearly all of a restart (2,000 lite topics on a loaded 2-core host: the
 * broker served after 21.6 s with the search, 2.6 s without). After a crash the store searches as
 * before: this file is read only when the abort marker says the last stop was clean, and deleted
 * once read, so it can never describe a store that has changed since.
 *
 * <p>Format: {@code count:int32}, then per queue {@code topicLength:int16 topic:UTF-8 queueId:int32
 * maxOffset:int64}, then a CRC32C of everything before it; a file that is short, long or fails the
 * check is ignored (every queue is searched).
 */
final class QueueTails {
    /** Not a valid topic name (no dots in topic names), so never a queue directory. */
    static final String FILE_NAME = "queue-tails.bin";

    private QueueTails() {}

    /** Writes the tails of {@code queues} into {@code dir} (atomically replacing an older file). */
    static void write(Path dir, Collection<ConsumeQueue> queues) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + queues.size() * 48);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(queues.size());
        for (ConsumeQueue queue : queues) {
            byte[] topic = queue.topic().getBytes(StandardCharsets.UTF_8);
            out.writeShort(topic.length);
            out.write(topic);
            out.writeInt(queue.queueId());
            out.writeLong(queue.maxOffset());
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        out.writeInt((int) crc.getValue());
        Files.createDirectories(dir);
        Path tmp = dir.resolve(FILE_NAME + ".tmp");
        Files.write(tmp, bytes.toByteArray());
        Files.move(tmp, dir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Reads and deletes the file in {@code dir}: "topic/queueId" to max offset, empty when there is
     * none or it does not check.
     */
    static Map<String, Long> take(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (NoSuchFileException none) {
            return Map.of();
        }
        Files.delete(file);
        return parse(data);
    }

    static Map<String, Long> parse(byte[] data) {
        if (data.length < 8) {
            return Map.of();
        }
        CRC32C crc = new CRC32C();
        crc.update(data, 0, data.length - 4);
        ByteBuffer b = ByteBuffer.wrap(data);
        if (b.getInt(data.length - 4) != (int) crc.getValue()) {
            return Map.of();
        }
        b.limit(data.length - 4);
        int count = b.getInt();
        Map<String, Long> tails = new HashMap<>();
        try {
            for (int i = 0; i < count; i++) {
                byte[] topic = new byte[b.getShort() & 0xFFFF];
                b.get(topic);
                int queueId = b.getInt();
                tails.put(key(new String(topic, StandardCharsets.UTF_8), queueId), b.getLong());
            }
        } catch (RuntimeException truncated) {
            return Map.of();
        }
        return b.hasRemaining() ? Map.of() : tails;
    }

    static String key(String topic, int queueId) {
        return topic + '/' + queueId;
    }
}
