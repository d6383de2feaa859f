package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** File naming and zero-filling shared by segments, consume-queue files and index files. */
final class StoreFiles {
    private static final int NAME_DIGITS = 20;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(1 << 20).asReadOnlyBuffer();

    private StoreFiles() {}

    /** The 20-digit zero-padded decimal name RocketMQ gives a file starting at {@code offset}. */
    static String name(long offset) {
        char[] digits = new char[NAME_DIGITS];
        long rest = offset;
        for (int i = NAME_DIGITS - 1; i >= 0; i--) {
            digits[i] = (char) ('0' + rest % 10);
            rest /= 10;
        }
        return new String(digits);
    }

    /** The start offset a file name encodes, or -1 if it is not a 20-digit name. */
    static long parse(String name) {
        if (name.length() != NAME_DIGITS) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < NAME_DIGITS; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** The 20-digit-named regular files in {@code dir}, sorted by their offset. */
    static List<Path> numberedFiles(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> parse(p.getFileName().toString()) >= 0).forEach(files::add);
        }
        files.sort((a, b) -> Long.compare(offsetOf(a), offsetOf(b)));
        return files;
    }

    static long offsetOf(Path file) {
        return parse(file.getFileName().toString());
    }

    /** Writes zeros over {@code [from, to)} so the file system must reserve the space now. */
    static void zeroFill(FileChannel channel, long from, long to) throws IOException {
        long pos = from;
        while (pos < to) {
            ByteBuffer chunk = ZEROS.duplicate();
            chunk.limit((int) Math.min(chunk.capacity(), to - pos));
            pos += channel.write(chunk, pos);
        }
    }
}
