package io.bolide.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latch that takes the store read-only after the first I/O error (as Kafka's
 * LogDirFailureChannel): writes stop, reads of what is durable go on, the cause is kept and logged
 * once.
 */
final class StoreFailure {
    private static final Logger LOG = LoggerFactory.getLogger(StoreFailure.class);

    private volatile Throwable cause;

    /** Records the first failure; later ones are dropped (the first is the root cause). */
    void fail(String where, Throwable error) {
        synchronized (this) {
            if (cause != null) {
                return;
            }
            cause =
                    new StoreReadOnlyException(
                            "store is read-only after a failure in " + where, error);
        }
        LOG.error("Store is now read-only: {} failed", where, error);
    }

    boolean failed() {
        return cause != null;
    }

    Throwable cause() {
        return cause;
    }
}
