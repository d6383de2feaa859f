package io.bolide.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The broker's epoch file ({@code epochFileCheckpoint} in the store directory): every master term
 * the log holds bytes of, oldest first. The text layout is the reference's checkpoint file:
 *
 * <pre>
 *   count\n
 *   crc32 (signed int, of the entry lines below, each with its \n)\n
 *   epoch-startOffset\n      one per entry
 * </pre>
 *
 * A change is written to a temporary file, forced, and renamed over the old one (the directory is
 * forced too), so a crash leaves either the old or the new file whole; a file whose count or CRC
 * does not match is refused rather than guessed at.
 */
public final class EpochFile {
    /** The file's name in the store directory (the reference's). */
    public static final String NAME = "epochFileCheckpoint";

    private final Path file;
    private final List<EpochEntry> entries;

    private EpochFile(Path file, List<EpochEntry> entries) {
        this.file = file;
        this.entries = entries;
    }

    /**
     * Reads the epoch file of the store at {@code storeRoot} (none yet: no entries).
     *
     * @throws IOException when the file exists but is damaged
     */
    public static EpochFile open(Path storeRoot) throws IOException {
        Path file = storeRoot.resolve(NAME);
        Files.deleteIfExists(temporary(file));
        if (!Files.exists(file)) {
            return new EpochFile(file, new ArrayList<>());
        }
        return new EpochFile(file, parse(file, Files.readString(file, StandardCharsets.UTF_8)));
    }

    private static Path temporary(Path file) {
        return file.resolveSibling(file.getFileName() + ".tmp");
    }

    static List<EpochEntry> parse(Path file, String text) throws IOException {
        String[] lines = text.split("\n", -1);
        try {
            int count = Integer.parseInt(lines[0].trim());
            int crc = Integer.parseInt(lines[1].trim());
            if (count < 0 || lines.length < count + 2) {
                throw new IOException(
                        "epoch file " + file + " is damaged (declares " + count + ")");
            }
            List<EpochEntry> parsed = new ArrayList<>(count);
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < count; i++) {
                String line = lines[i + 2].trim();
                int dash = line.indexOf('-', 1);
                parsed.add(
                        new EpochEntry(
                                Integer.parseInt(line.substring(0, dash)),
                                Long.parseLong(line.substring(dash + 1))));
                body.append(line).append('\n');
            }
            if (crc(body.toString()) != crc) {
                throw new IOException("epoch file " + file + " is damaged (CRC mismatch)");
            }
            return parsed;
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new IOException("epoch file " + file + " is damaged: " + e.getMessage(), e);
        }
    }

    private static int crc(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return (int) crc.getValue();
    }

    static String render(List<EpochEntry> entries) {
        StringBuilder body = new StringBuilder();
        for (EpochEntry e : entries) {
            body.append(e.epoch()).append('-').append(e.startOffset()).append('\n');
        }
        String lines = body.toString();
        return entries.size() + "\n" + crc(lines) + "\n" + lines;
    }

    /** Every term, oldest first. */
    public synchronized List<EpochEntry> entries() {
        return List.copyOf(entries);
    }

    /** The newest term, or null when there is none. */
    public synchronized EpochEntry last() {
        return entries.isEmpty() ? null : entries.get(entries.size() - 1);
    }

    /** The newest term's epoch, or 0 when there is none. */
    public synchronized int lastEpoch() {
        return entries.isEmpty() ? 0 : entries.get(entries.size() - 1).epoch();
    }

    /**
     * Records a new term starting at {@code startOffset} and writes the file durably. An epoch not
     * above the last one is ignored when it is the last one (a term resumed), refused otherwise.
     *
     * @throws IllegalArgumentException for an older epoch or a start before the last term's start
     */
    public synchronized void append(int epoch, long startOffset) throws IOException {
        EpochEntry last = last();
        if (last != null && epoch == last.epoch()) {
            return;
        }
        if (last != null && (epoch < last.epoch() || startOffset < last.startOffset())) {
            throw new IllegalArgumentException(
                    "epoch " + epoch + " at " + startOffset + " does not follow " + last);
        }
        List<EpochEntry> next = new ArrayList<>(entries);
        next.add(new EpochEntry(epoch, startOffset));
        replace(next);
    }

    /**
     * Forgets the terms that start at or after {@code offset} (the log was cut there) and writes
     * the file durably when that changed anything.
     */
    public synchronized void truncateFrom(long offset) throws IOException {
        List<EpochEntry> next = new ArrayList<>(entries);
        next.removeIf(e -> e.startOffset() >= offset);
        if (next.size() != entries.size()) {
            replace(next);
        }
    }

    /** Replaces every term (a slave adopting its master's history) and writes the file. */
    public synchronized void replaceAll(List<EpochEntry> terms) throws IOException {
        replace(new ArrayList<>(terms));
    }

    private void replace(List<EpochEntry> next) throws IOException {
        write(file, render(next));
        entries.clear();
        entries.addAll(next);
    }

    private static void write(Path file, String text) throws IOException {
        Path tmp = temporary(file);
        try (FileChannel ch =
                FileChannel.open(
                        tmp,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer bytes =
                    java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(true);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        StoreFiles.forceDirectory(file.getParent());
    }
}
