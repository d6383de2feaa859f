package io.bolide.bench.store;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The disk's sequential write + fdatasync ceiling: writes {@code chunk}-byte blocks to a fresh file
 * and forces each (FileChannel.force(false) = fdatasync). Usage: {@code DiskCeiling <dir> <seconds>
 * <chunk bytes>...}. Prints one line per chunk size.
 */
public final class DiskCeiling {
    private DiskCeiling() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int seconds = Integer.parseInt(args[1]);
        Files.createDirectories(dir);
        for (int i = 2; i < args.length; i++) {
            measure(dir.resolve("ceiling.dat"), seconds, Integer.parseInt(args[i]));
        }
    }

    private static void measure(Path file, int seconds, int chunk) throws Exception {
        ByteBuffer block = ByteBuffer.allocateDirect(chunk);
        while (block.hasRemaining()) {
            block.put((byte) 0x5A);
        }
        long bytes = 0;
        long syncs = 0;
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        try (FileChannel ch =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            while (System.nanoTime() < end) {
                block.clear();
                while (block.hasRemaining()) {
                    bytes += ch.write(block);
                }
                ch.force(false);
                syncs++;
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "CEILING chunk=%-8d MB/s=%8.1f fdatasync/s=%8.0f msgs(1KiB)/s=%10.0f%n",
                chunk, bytes / elapsed / 1e6, syncs / elapsed, bytes / elapsed / 1024);
        Files.deleteIfExists(file);
    }
}
