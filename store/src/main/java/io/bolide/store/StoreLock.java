package io.bolide.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The lock file that keeps a second store (in this process or another) off the same root. */
final class StoreLock {
    private final FileChannel channel;
    private final FileLock lock;

    private StoreLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of the store at {@code root}; an IOException if another holds it. */
    static StoreLock acquire(Path root) throws IOException {
        FileChannel channel =
                FileChannel.open(
                        root.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("store " + root + " is in use by another process");
        }
        return new StoreLock(channel, lock);
    }

    void release() throws IOException {
        lock.release();
        channel.close();
    }

    /** Closes the file without releasing first (a store that failed to open). */
    void close() throws IOException {
        channel.close();
    }
}
