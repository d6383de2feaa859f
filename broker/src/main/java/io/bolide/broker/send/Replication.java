package io.bolide.broker.send;

import io.bolide.store.PutResult;
import java.util.concurrent.CompletableFuture;

/**
 * What a master does with a send once it is stored: an ASYNC_MASTER nudges its slaves' links and
 * answers at once; a SYNC_MASTER answers once a slave holds the message, unless the sender does not
 * wait for it (broker {@code ha} package, docs/replication.md).
 */
@FunctionalInterface
public interface Replication {
    /** No replication: answer every send as soon as it is stored. */
    Replication NONE = (stored, waitStoreMsgOk) -> null;

    /**
     * Called once a send is stored (successfully).
     *
     * @param waitStoreMsgOk the message's WAIT property: false answers without waiting for a slave,
     *     as the reference does
     * @return null to answer now with {@code stored}, or a future of the answer (the same result,
     *     or it with status FLUSH_SLAVE_TIMEOUT or SLAVE_NOT_AVAILABLE)
     */
    CompletableFuture<PutResult> stored(PutResult stored, boolean waitStoreMsgOk);
}
