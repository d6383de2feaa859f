package io.bolide.protocol.body;

import java.util.Map;

/**
 * Offsets to reset to, per queue (object-keyed on the wire): {@code RESET_CONSUMER_CLIENT_OFFSET}.
 */
public record ResetOffsetBody(Map<MessageQueue, Long> offsetTable) {

    /** Copies the table, null becoming empty. */
    public ResetOffsetBody {
        offsetTable = Frozen.map(offsetTable);
    }
}
