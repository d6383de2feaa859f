package io.bolide.broker;

import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The one seam through which a consumer's send-back stores its copy of a failed message (into
 * {@code %RETRY%<group>} with a {@code DELAY} property, or into {@code %DLQ%<group>}).
 *
 * <p>Delayed delivery belongs to the send path (a stored message with {@code DELAY=n} is redirected
 * to {@code SCHEDULE_TOPIC_XXXX} and delivered back when due). Until that path exists, {@link
 * #direct} stores the copy in its target topic at once, so retries are redelivered immediately
 * instead of after the level's back-off (TODO(#6): route through the delay rewrite once it is
 * merged). Replacing this one method with the delay-aware put is all the wiring that needs.
 */
@FunctionalInterface
interface RetryPut {

    /**
     * Stores the message whose record {@code writer} holds as a message of {@code topic} / {@code
     * queueId} with {@code properties} (which the implementation may rewrite). {@code encoder} is
     * the writer's encoder as {@link MessageRecordWriter#start()} returned it, already filled with
     * flag, sysFlag, hosts, reconsume times and body; topic, queue and properties are set here.
     * Called on the requesting thread; the writer and the body it refers to are valid only until
     * this returns.
     */
    CompletableFuture<PutResult> put(
            MessageRecordWriter writer,
            StoredMessageEncoder encoder,
            String topic,
            int queueId,
            Map<String, String> properties);

    /** Stores straight into the target topic: no delay (see the class comment). */
    static RetryPut direct(MessageStore store) {
        return (writer, encoder, topic, queueId, properties) -> {
            encoder.properties(MessageProperties.toText(properties));
            return store.put(writer.prepare(topic, queueId));
        };
    }
}
