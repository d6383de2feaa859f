package io.bolide.broker.metrics;

import io.bolide.broker.pop.PopPosition;

/** Where consumer groups stand on queues by POP; null for a queue a group never popped. */
@FunctionalInterface
public interface PopPositions {
    /** No POP here (tests). */
    PopPositions NONE = (group, topic, queueId) -> null;

    PopPosition find(String group, String topic, int queueId);
}
