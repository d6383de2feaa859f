package io.bolide.protocol.body;

import java.util.Map;

/**
 * A client's offsets as reported to {@code GET_CONSUMER_STATUS_FROM_CLIENT} (object-keyed by queue
 * on the wire, also inside {@code consumerTable}).
 */
public record GetConsumerStatusBody(
        Map<MessageQueue, Long> messageQueueTable,
        Map<String, Map<MessageQueue, Long>> consumerTable) {

    /** Copies the tables, null becoming empty. */
    public GetConsumerStatusBody {
        messageQueueTable = Frozen.map(messageQueueTable);
        consumerTable = Frozen.map(consumerTable);
    }
}
