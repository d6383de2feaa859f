package io.bolide.tier;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An object store as tiered storage (#36) needs it: whole-file puts, ranged reads, listing by
 * prefix and deletes. Keys are relative to the store's configured prefix. Every method throws
 * {@link IOException} when the store cannot be reached or answers with an error, so callers can
 * treat an unavailable store as one condition.
 */
public interface ObjectStore extends AutoCloseable {

    /** Uploads {@code file} as {@code key}; a file above the multipart threshold goes in parts. */
    void put(String key, Path file) throws IOException;

    /** Reads {@code length} bytes of {@code key} from {@code position} (a ranged GET). */
    byte[] get(String key, long position, int length) throws IOException;

    /** Where {@link #readAll} passes the bytes it reads, in order. */
    interface Sink {
        void accept(byte[] bytes, int offset, int length);
    }

    /** Bytes per ranged GET of the default {@link #readAll}. */
    int READ_ALL_CHUNK = 8 << 20;

    /**
     * Reads the first {@code length} bytes of {@code key} into {@code sink}, in order, failing if
     * the object is shorter. By default in ranged GETs of {@link #READ_ALL_CHUNK} bytes; a store
     * that can stream an object without holding it whole does so.
     */
    default void readAll(String key, long length, Sink sink) throws IOException {
        for (long position = 0; position < length; position += READ_ALL_CHUNK) {
            int chunk = (int) Math.min(READ_ALL_CHUNK, length - position);
            byte[] bytes = get(key, position, chunk);
            if (bytes.length != chunk) {
                throw new IOException(key + ": short object at " + position);
            }
            sink.accept(bytes, 0, chunk);
        }
    }

    /** Keys (relative to the prefix) beginning with {@code keyPrefix}, in key order. */
    List<String> list(String keyPrefix) throws IOException;

    /** Deletes {@code key}; deleting a missing key is not an error. */
    void delete(String key) throws IOException;

    /**
     * Aborts the multipart uploads left open under {@code keyPrefix} (a kill during one); their
     * parts are invisible to reads but billed until aborted. Nothing to do for a store without
     * them.
     */
    default void abortUploads(String keyPrefix) throws IOException {}

    @Override
    void close();
}
