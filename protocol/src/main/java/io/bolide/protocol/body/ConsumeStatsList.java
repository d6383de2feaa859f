package io.bolide.protocol.body;

import java.util.List;
import java.util.Map;

/**
 * Body of a {@code GET_BROKER_CONSUME_STATS} response: for each group, the consume statistics of
 * each topic it consumes (one single-entry map per group), and the broker's total lag.
 */
public record ConsumeStatsList(
        List<Map<String, List<ConsumeStats>>> consumeStatsList,
        String brokerAddr,
        long totalDiff,
        long totalInflightDiff) {

    /** Copies the list, null becoming empty. */
    public ConsumeStatsList {
        consumeStatsList = Frozen.list(consumeStatsList);
    }
}
