package io.bolide.broker.delay;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The recall handle of a timer message, in the reference's version 1 form: URL-safe base64 of
 * {@code "v1 <topic> <brokerName> <deliverMs> <uniqKey>"}. A send answers it (SendMessageResponse's
 * {@code recallHandle}); RECALL_MESSAGE hands it back. {@code deliverMs} is the message's due time
 * plus one millisecond, as the reference writes it.
 */
public final class RecallHandle {
    private static final String VERSION = "v1";
    private static final int PARTS = 5;

    private final String topic;
    private final String brokerName;
    private final String deliverMs;
    private final String uniqKey;

    private RecallHandle(String topic, String brokerName, String deliverMs, String uniqKey) {
        this.topic = topic;
        this.brokerName = brokerName;
        this.deliverMs = deliverMs;
        this.uniqKey = uniqKey;
    }

    /** The handle of a timer message due at {@code dueMs}, or null without a unique key. */
    public static String of(String topic, String brokerName, long dueMs, String uniqKey) {
        if (uniqKey == null) {
            return null;
        }
        String text = VERSION + ' ' + topic + ' ' + brokerName + ' ' + (dueMs + 1) + ' ' + uniqKey;
        return Base64.getUrlEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The parts of {@code handle}, or null when it is not a version 1 handle. */
    static RecallHandle decode(String handle) {
        if (handle == null || handle.isEmpty()) {
            return null;
        }
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(handle), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        String[] parts = text.split(" ");
        if (parts.length < PARTS || !VERSION.equals(parts[0])) {
            return null;
        }
        return new RecallHandle(parts[1], parts[2], parts[3], parts[4]);
    }

    String topic() {
        return topic;
    }

    String brokerName() {
        return brokerName;
    }

    /** The due time as written in the handle: not necessarily a number. */
    String deliverMs() {
        return deliverMs;
    }

    String uniqKey() {
        return uniqKey;
    }
}
