package io.bolide.broker.delay;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stored form of a recall, as the reference writes it: body {@code "0"}, tag {@code
 * _RECALL_TAG_}, queue 0 of the recalled message's topic, {@code TIMER_DEL_UNIQKEY} and {@code
 * UNIQ_KEY} naming the message, {@code TIMER_DELIVER_MS} the handle's time; routed like any timer
 * message to the timer queue, where {@link TimerAgent} reads it as a cancellation.
 */
final class RecallRecord {
    private static final byte[] BODY = "0".getBytes(StandardCharsets.UTF_8);
    private static final int BODY_CRC = new BodyCrc().of(BODY, 0, BODY.length);
    private static final String TAG = "_RECALL_TAG_";

    private final DelayRouter router;
    private final byte[] storeHost;
    private final int storePort;

    RecallRecord(DelayRouter router, byte[] storeHost, int storePort) {
        this.router = router;
        this.storeHost = storeHost;
        this.storePort = storePort;
    }

    /** A writer of the recall of {@code handle}, prepared for its timer queue. */
    MessageRecordWriter writer(RecallHandle handle, String producerGroup) {
        long now = System.currentTimeMillis();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperty.TAGS, TAG);
        properties.put(DelayTopics.TIMER_DEL_UNIQKEY, handle.uniqKey());
        properties.put(MessageProperty.UNIQ_KEY, handle.uniqKey());
        properties.put(DelayTopics.TIMER_DELIVER_MS, handle.deliverMs());
        properties.put("BORN_TIMESTAMP", Long.toString(now));
        if (producerGroup != null) {
            properties.put("PGROUP", producerGroup);
        }
        DelayRoute route =
                router.route(MessageProperties.toText(properties), handle.topic(), 0, 0, now);
        if (!route.isDelayed()) {
            // Checked by the handler already: a recall is always due in the future.
            throw new IllegalStateException("a recall must wait in the timer queue");
        }
        MessageRecordWriter writer = new MessageRecordWriter();
        ByteBuf body = Unpooled.wrappedBuffer(BODY);
        StoredMessageEncoder encoder = writer.start();
        encoder.bornTimestamp(now)
                .bornHost(storeHost, storePort)
                .storeHost(storeHost, storePort)
                .body(body)
                .bodyCrc(BODY_CRC)
                .properties(route.properties(null));
        return writer.prepare(route.topic(handle.topic()), route.queueId(0));
    }
}
