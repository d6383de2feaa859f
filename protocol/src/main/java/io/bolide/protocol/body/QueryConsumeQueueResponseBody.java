package io.bolide.protocol.body;

import java.util.List;

/**
 * Body of a {@code QUERY_CONSUME_QUEUE} response. {@code subscriptionData}, {@code filterData} and
 * {@code queueData} are null when the broker had none to report.
 */
public record QueryConsumeQueueResponseBody(
        SubscriptionData subscriptionData,
        String filterData,
        List<ConsumeQueueData> queueData,
        long maxQueueIndex,
        long minQueueIndex) {

    /** Copies the entries, keeping null. */
    public QueryConsumeQueueResponseBody {
        queueData = Frozen.listOrNull(queueData);
    }
}
