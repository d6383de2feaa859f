package io.bolide.broker.registration;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;

/** One name server as a {@link RegistrationLane} uses it: the two calls a lane makes. */
interface NameServerLink {
    /**
     * Sends REGISTER_BROKER with the named topics as they are now, or with the whole table when
     * {@code topics} is null. Completes with whether the name server accepted it; never fails.
     */
    CompletableFuture<Boolean> register(Collection<String> topics);

    /**
     * Asks QUERY_DATA_VERSION whether the name server holds the table's current version. Completes
     * with true when it does, false when it does not (or answered anything but success), and fails
     * when there was no answer.
     */
    CompletableFuture<Boolean> unchanged();
}
