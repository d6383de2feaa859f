package io.bolide.broker.retry;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.delay.DelayRoute;
import io.bolide.broker.delay.DelayRouter;
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
 * <p>The broker wires {@link #delayed}: a copy with {@code DELAY=n} goes to {@code
 * SCHEDULE_TOPIC_XXXX} through the same {@link DelayRouter} the send path uses and comes back to
 * the retry topic when the level's back-off has passed. {@link #direct} stores at once (tests).
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

    /** Stores through {@code router}: a {@code DELAY} level waits in the schedule topic. */
    static RetryPut delayed(MessageStore store, DelayRouter router) {
        return (writer, encoder, topic, queueId, properties) -> {
            String text = MessageProperties.toText(properties);
            DelayRoute route = router.route(text, topic, queueId, 0, System.currentTimeMillis());
            if (route.isRefused()) {
                // An out-of-range timer property copied from the original must not lose the
                // retry: it is stored for immediate redelivery instead.
                route = DelayRoute.DIRECT;
            }
            encoder.properties(route.properties(text));
            return store.put(writer.prepare(route.topic(topic), route.queueId(queueId)));
        };
    }

    /** Stores straight into the target topic: no delay (see the class comment). */
    static RetryPut direct(MessageStore store) {
        return (writer, encoder, topic, queueId, properties) -> {
            encoder.properties(MessageProperties.toText(properties));
            return store.put(writer.prepare(topic, queueId));
        };
    }
}
