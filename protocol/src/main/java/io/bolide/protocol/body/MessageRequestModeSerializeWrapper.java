package io.bolide.protocol.body;

import java.util.Map;

/**
 * Body of a {@code GET_ALL_MESSAGE_REQUEST_MODE} (402) response: every mode set, by topic, then by
 * consumer group.
 */
public record MessageRequestModeSerializeWrapper(
        Map<String, Map<String, SetMessageRequestModeRequestBody>> messageRequestModeMap) {

    /** Copies the map, null becoming empty. */
    public MessageRequestModeSerializeWrapper {
        messageRequestModeMap = Frozen.map(messageRequestModeMap);
    }
}
