package io.bolide.broker.pop;

import io.bolide.protocol.body.TopicConfig;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The order a pop reads a PRIORITY topic in (RIP-80): the broker puts priority {@code p} into queue
 * {@code min(p, writeQueueNums - 1)}, so a pop by a consumer that is not orderly walks the queues
 * from the highest down ({@code priorityOrderAsc}, the default) instead of from a rotating start,
 * and takes the POP retry topic first only when a draw in [0, 100) falls under {@code
 * popFromRetryProbabilityForPriority} (0 by default: retries come after every fresh message).
 */
final class PriorityOrder {
    /** The topic attribute naming the message type, as the reference calls it. */
    static final String MESSAGE_TYPE = "message.type";

    /** How one pop reads a PRIORITY topic. */
    record Plan(boolean retryFirst, boolean highestFirst) {}

    private final IntSupplier percent;
    private final IntSupplier retryProbability;
    private final BooleanSupplier highestFirst;

    /**
     * @param percent a draw in [0, 100) per pop
     * @param retryProbability {@code popFromRetryProbabilityForPriority}
     * @param highestFirst {@code priorityOrderAsc}
     */
    PriorityOrder(IntSupplier percent, IntSupplier retryProbability, BooleanSupplier highestFirst) {
        this.percent = percent;
        this.retryProbability = retryProbability;
        this.highestFirst = highestFirst;
    }

    /** The plan for a pop of {@code topic}, or null when it is read the ordinary way. */
    Plan plan(TopicConfig topic, boolean orderly) {
        if (orderly || !isPriority(topic)) {
            return null;
        }
        int draw = percent.getAsInt();
        return new Plan(draw < retryProbability.getAsInt(), highestFirst.getAsBoolean());
    }

    /** The queue read {@code i}-th of {@code n} under {@code plan}. */
    static int queueAt(Plan plan, int i, int n) {
        return plan.highestFirst() ? n - 1 - i : i;
    }

    static boolean isPriority(TopicConfig topic) {
        return topic != null && "PRIORITY".equals(topic.attributes().get(MESSAGE_TYPE));
    }
}
