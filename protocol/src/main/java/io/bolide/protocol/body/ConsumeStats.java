package io.bolide.protocol.body;

import java.util.Map;

/** Body of a {@code GET_CONSUME_STATS} response (object-keyed by queue on the wire). */
public record ConsumeStats(Map<MessageQueue, OffsetWrapper> offsetTable, double consumeTps) {

    /** Copies the table, null becoming empty. */
    public ConsumeStats {
        offsetTable = Frozen.map(offsetTable);
    }
}
