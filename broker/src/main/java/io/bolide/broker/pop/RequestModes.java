package io.bolide.broker.pop;

import io.bolide.broker.table.JsonFile;
import io.bolide.protocol.body.MessageRequestMode;
import io.bolide.protocol.body.MessageRequestModeSerializeWrapper;
import io.bolide.protocol.body.SetMessageRequestModeRequestBody;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How each consumer group reads each topic (PULL or POP), as set by SET_MESSAGE_REQUEST_MODE and
 * read by QUERY_ASSIGNMENT; kept in {@code config/messageRequestMode.json} (the reference's file
 * and format), written when a mode is set.
 */
final class RequestModes {
    private final Map<String, Map<String, SetMessageRequestModeRequestBody>> modes =
            new ConcurrentHashMap<>();
    private final JsonFile file;

    RequestModes(JsonFile file) {
        this.file = file;
    }

    void load() throws IOException {
        MessageRequestModeSerializeWrapper saved =
                file.read(MessageRequestModeSerializeWrapper.class);
        if (saved == null) {
            return;
        }
        saved.messageRequestModeMap()
                .forEach((topic, groups) -> modes.put(topic, new ConcurrentHashMap<>(groups)));
    }

    void set(SetMessageRequestModeRequestBody mode) throws IOException {
        modes.computeIfAbsent(mode.topic(), t -> new ConcurrentHashMap<>())
                .put(mode.consumerGroup(), mode);
        synchronized (this) {
            file.write(snapshot());
        }
    }

    /** The mode set for {@code group} on {@code topic}, or null. */
    SetMessageRequestModeRequestBody get(String topic, String group) {
        Map<String, SetMessageRequestModeRequestBody> groups = modes.get(topic);
        return groups == null ? null : groups.get(group);
    }

    /** How {@code group} reads {@code topic}: a retry topic is always pulled, as the reference. */
    MessageRequestMode modeOf(String topic, String group) {
        if (topic.startsWith(ReceiptHandle.RETRY_PREFIX)) {
            return MessageRequestMode.PULL;
        }
        SetMessageRequestModeRequestBody set = get(topic, group);
        return set == null || set.mode() == null ? MessageRequestMode.PULL : set.mode();
    }

    MessageRequestModeSerializeWrapper snapshot() {
        Map<String, Map<String, SetMessageRequestModeRequestBody>> copy = new HashMap<>();
        modes.forEach((topic, groups) -> copy.put(topic, new HashMap<>(groups)));
        return new MessageRequestModeSerializeWrapper(copy);
    }
}
