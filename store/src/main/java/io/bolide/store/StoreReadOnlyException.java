package io.bolide.store;

/** Why the store stopped accepting writes: wraps the I/O error that took it read-only. */
public final class StoreReadOnlyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StoreReadOnlyException(String message, Throwable cause) {
        super(message, cause);
    }
}
