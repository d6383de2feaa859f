package io.bolide.tier;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * Which commit-log segments live in the object store, keyed by base offset: the record an upload
 * counts by only once it is here. Saved crash-safe (temporary file, fsync, atomic rename, fsync of
 * the directory), so a kill at any point leaves the old manifest or the new one, never a mix; a
 * trailer line with a CRC32C of the entries rejects a file damaged otherwise.
 */
public final class UploadManifest {
    /**
     * One uploaded segment: its base offset, its length in bytes, the CRC32C of its bytes and when
     * it was last written (milliseconds since the epoch, 0 if unknown), which the tier's retention
     * ages it by.
     */
    public record Entry(long baseOffset, long length, int crc32c, long writtenMillis) {
        /** An entry whose last write time is unknown. */
        public Entry(long baseOffset, long length, int crc32c) {
            this(baseOffset, length, crc32c, 0);
        }
    }

    private static final String TRAILER = "end ";

    private final Path file;
    private final NavigableMap<Long, Entry> entries = new TreeMap<>();
    private long totalBytes;

    private UploadManifest(Path file) {
        this.file = file;
    }

    /** The manifest at {@code file}, empty when there is none yet. */
    public static UploadManifest load(Path file) throws IOException {
        UploadManifest manifest = new UploadManifest(file);
        if (Files.exists(file)) {
            manifest.parse(Files.readAllLines(file, StandardCharsets.US_ASCII));
        }
        return manifest;
    }

    private void parse(List<String> lines) throws IOException {
        if (lines.isEmpty() || !lines.get(lines.size() - 1).startsWith(TRAILER)) {
            throw new IOException(file + ": no trailer, the manifest is damaged");
        }
        List<String> body = lines.subList(0, lines.size() - 1);
        String expected = lines.get(lines.size() - 1).substring(TRAILER.length());
        if (!expected.equals(checksum(body))) {
            throw new IOException(file + ": checksum mismatch, the manifest is damaged");
        }
        try {
            for (String line : body) {
                String[] fields = line.split(" ");
                Entry entry =
                        new Entry(
                                Long.parseLong(fields[0]),
                                Long.parseLong(fields[1]),
                                Integer.parseUnsignedInt(fields[2], 16),
                                fields.length > 3 ? Long.parseLong(fields[3]) : 0);
                put(entry);
            }
        } catch (RuntimeException e) {
            throw new IOException(file + ": unreadable entry: " + e.getMessage(), e);
        }
    }

    private static String checksum(List<String> body) {
        CRC32C crc = new CRC32C();
        for (String line : body) {
            crc.update((line + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        return Long.toHexString(crc.getValue());
    }

    /** Records {@code entry} and saves the manifest before returning. */
    public synchronized void add(Entry entry) throws IOException {
        put(entry);
        save();
    }

    private void put(Entry entry) {
        Entry old = entries.put(entry.baseOffset(), entry);
        totalBytes += entry.length() - (old == null ? 0 : old.length());
    }

    /** Forgets the segment at {@code baseOffset} and saves the manifest before returning. */
    public synchronized void remove(long baseOffset) throws IOException {
        Entry removed = entries.remove(baseOffset);
        if (removed != null) {
            totalBytes -= removed.length();
            save();
        }
    }

    /** Bytes of the segments listed: what the tier holds. */
    public synchronized long totalBytes() {
        return totalBytes;
    }

    /** The entry whose segment holds {@code offset}, or null. */
    public synchronized Entry covering(long offset) {
        var floor = entries.floorEntry(offset);
        if (floor == null) {
            return null;
        }
        Entry entry = floor.getValue();
        return offset < entry.baseOffset() + entry.length() ? entry : null;
    }

    /** The first entry (the oldest segment held), or null when empty. */
    public synchronized Entry first() {
        var first = entries.firstEntry();
        return first == null ? null : first.getValue();
    }

    /** The last entry (the newest segment held), or null when empty. */
    public synchronized Entry last() {
        var last = entries.lastEntry();
        return last == null ? null : last.getValue();
    }

    public synchronized boolean contains(long baseOffset) {
        return entries.containsKey(baseOffset);
    }

    public synchronized List<Entry> entries() {
        return Collections.unmodifiableList(List.copyOf(entries.values()));
    }

    private void save() throws IOException {
        List<String> body = entries.values().stream().map(UploadManifest::line).toList();
        StringBuilder text = new StringBuilder();
        body.forEach(line -> text.append(line).append('\n'));
        text.append(TRAILER).append(checksum(body)).append('\n');
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel channel =
                FileChannel.open(
                        temp,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.US_ASCII));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    private static String line(Entry entry) {
        return entry.baseOffset()
                + " "
                + entry.length()
                + " "
                + Integer.toHexString(entry.crc32c())
                + " "
                + entry.writtenMillis();
    }
}
