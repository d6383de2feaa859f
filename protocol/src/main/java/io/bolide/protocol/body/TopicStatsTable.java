package io.bolide.protocol.body;

import java.util.Map;

/** Body of a {@code GET_TOPIC_STATS_INFO} response (object-keyed by queue on the wire). */
public record TopicStatsTable(Map<MessageQueue, TopicOffset> offsetTable, double topicPutTps) {

    /** Copies the table, null becoming empty. */
    public TopicStatsTable {
        offsetTable = Frozen.map(offsetTable);
    }
}
