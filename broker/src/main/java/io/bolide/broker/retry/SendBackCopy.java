package io.bolide.broker.retry;

import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import java.util.Map;

/**
 * The copy of a failed message that a send-back stores, built from the original record as the
 * reference builds it: same body (as stored, compressed or not), flag, sysFlag, born time and host;
 * this broker as store host; reconsume times plus one; the original's properties plus {@code
 * RETRY_TOPIC} (the topic it was first consumed from, kept once set), {@code ORIGIN_MESSAGE_ID}
 * (the first record's offset id, kept once set), {@code WAIT=false} and {@code DELAY} (the retry
 * level, or 0 for the dead-letter queue). {@code UNIQ_KEY}, keys and tags are carried over
 * untouched, so the client sees the same message id on every delivery.
 */
final class SendBackCopy {
    private SendBackCopy() {}

    /** Fills {@code encoder} (freshly reset) with everything but topic, queue and properties. */
    static void fill(
            StoredMessageEncoder encoder,
            StoredMessageFlyweight original,
            byte[] storeAddress,
            int storePort) {
        byte[] bornAddress = new byte[original.bornAddressLength()];
        original.bornAddress(bornAddress);
        encoder.flag(original.flag())
                .sysFlag(original.sysFlag())
                .bornTimestamp(original.bornTimestamp())
                .bornHost(bornAddress, original.bornPort())
                .storeHost(storeAddress, storePort)
                .reconsumeTimes(original.reconsumeTimes() + 1)
                .body(original.body())
                .bodyCrc(original.bodyCrc());
    }

    /** The copy's properties; {@code delayLevel} 0 for a dead letter. */
    static Map<String, String> properties(StoredMessageFlyweight original, int delayLevel) {
        Map<String, String> properties = original.propertyMap();
        if (properties.get(MessageProperty.RETRY_TOPIC) == null) {
            properties.put(MessageProperty.RETRY_TOPIC, original.topic());
        }
        String origin = properties.get(MessageProperty.ORIGIN_MESSAGE_ID);
        if (origin == null || origin.isBlank()) {
            properties.put(MessageProperty.ORIGIN_MESSAGE_ID, OffsetMessageId.of(original));
        }
        properties.put(MessageProperty.WAIT, "false");
        properties.put(MessageProperty.DELAY, Integer.toString(delayLevel));
        return properties;
    }
}
