package io.bolide.broker.retry;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.registration.Advertised;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Stores a copy of a consumed message for redelivery, as a send-back does (same body, flag,
 * sysFlag, born time and host; this broker as store host; reconsume times plus one), with the
 * caller's properties and no delay. The seam POP's revive uses to move an unacknowledged message
 * into its retry topic or dead-letter queue without reaching into this package's internals.
 */
public final class RetryCopy {
    private static final FastThreadLocal<MessageRecordWriter> WRITERS =
            new FastThreadLocal<>() {
                @Override
                protected MessageRecordWriter initialValue() {
                    return new MessageRecordWriter();
                }
            };

    private final MessageStore store;
    private final Advertised self;

    public RetryCopy(MessageStore store, Advertised self) {
        this.store = store;
        this.self = self;
    }

    /**
     * Stores the copy of {@code original} in {@code topic} / {@code queueId} with {@code
     * properties}; the original's buffer is read only until this returns.
     */
    public CompletableFuture<PutResult> put(
            StoredMessageFlyweight original,
            String topic,
            int queueId,
            Map<String, String> properties) {
        MessageRecordWriter writer = WRITERS.get();
        try {
            StoredMessageEncoder encoder = writer.start();
            SendBackCopy.fill(encoder, original, self.hostBytes(), self.port());
            return RetryPut.direct(store).put(writer, encoder, topic, queueId, properties);
        } finally {
            writer.clear();
        }
    }
}
