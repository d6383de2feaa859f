package io.bolide.broker.config;

import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The reference's priority-message keys (RIP-80, Apache 5.4.0), declared here and tabled in {@link
 * BrokerConfigKeys}. A pop of a PRIORITY topic by a consumer that is not orderly reads the topic's
 * queues from the highest priority down and reads the POP retry topic first only on {@code
 * popFromRetryProbabilityForPriority} pops in a hundred (docs/priority.md).
 */
public final class PriorityKeys {
    private static final Key<Integer> POP_FROM_RETRY_PROBABILITY_FOR_PRIORITY =
            Key.ofInt(
                            "popFromRetryProbabilityForPriority",
                            0,
                            0,
                            100,
                            "percent of pops of a PRIORITY topic that read the POP retry topic"
                                    + " before the topic's own queues")
                    .live();

    private static final Key<Boolean> PRIORITY_ORDER_ASC =
            Key.ofBoolean(
                            "priorityOrderAsc",
                            true,
                            "a pop of a PRIORITY topic reads its highest queue (highest"
                                    + " priority) first; false reads queue 0 first")
                    .live();

    /** {@code popFromRetryProbabilityForPriority}. */
    public final Key<Integer> retryProbability;

    /** {@code priorityOrderAsc}. */
    public final Key<Boolean> orderAsc;

    private PriorityKeys(KeyTable.Builder keys) {
        retryProbability = keys.add(POP_FROM_RETRY_PROBABILITY_FOR_PRIORITY);
        orderAsc = keys.add(PRIORITY_ORDER_ASC);
    }

    static PriorityKeys declare(KeyTable.Builder keys) {
        return new PriorityKeys(keys);
    }
}
