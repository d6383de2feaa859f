package io.bolide.protocol.body;

import java.util.Map;

/**
 * Committed offsets of every {@code topic@group}, by queue id (numeric keys): body of {@code
 * GET_ALL_CONSUMER_OFFSET} and the layout of Apache's {@code consumerOffset.json}. {@code
 * dataVersion} is null when the sender did not write one.
 */
public record ConsumerOffsetSerializeWrapper(
        Map<String, Map<Integer, Long>> offsetTable, DataVersion dataVersion) {

    /** Copies the table, null becoming empty. */
    public ConsumerOffsetSerializeWrapper {
        offsetTable = Frozen.map(offsetTable);
    }
}
