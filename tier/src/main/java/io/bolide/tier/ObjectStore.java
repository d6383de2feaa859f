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
