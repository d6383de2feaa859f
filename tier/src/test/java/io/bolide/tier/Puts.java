package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.store.EncodedRecord;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.PutStatus;
import io.bolide.testsupport.Await;
import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Puts into a tiered store as a client sends: one refused because the local budget is full while
 * the object store is not reachable ({@link PutStatus#LOCAL_BUDGET_FULL}, a send's code 14) is
 * tried again until the offloader's next round reaches the store and the put is accepted. A round
 * can fail on a loaded host (moto answering late) while the writer is ahead of the uploads; the
 * refusal is then the store doing its job, not a failure of the test. Any other refusal fails.
 */
final class Puts {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private Puts() {}

    /** Appends {@code record} to {@code topic}'s queue {@code queueId}; the accepted result. */
    static PutResult put(MessageStore store, String topic, int queueId, ByteBuf record) {
        AtomicReference<PutResult> accepted = new AtomicReference<>();
        Await.until(
                PATIENCE,
                Duration.ofMillis(20),
                () -> {
                    PutResult result = store.put(new EncodedRecord(topic, queueId, record)).join();
                    if (result.status() == PutStatus.LOCAL_BUDGET_FULL) {
                        return false;
                    }
                    accepted.set(result);
                    return true;
                },
                "a put the tier's budget lets in");
        PutResult result = accepted.get();
        assertThat(result.isOk()).as("put status " + result.status()).isTrue();
        return result;
    }
}
