package io.bolide.protocol.body;

import java.util.List;

/** Body of a {@code QUERY_CONSUME_TIME_SPAN} response: one entry per write queue of the topic. */
public record QueryConsumeTimeSpanBody(List<QueueTimeSpan> consumeTimeSpanSet) {

    /** Copies the entries, keeping null. */
    public QueryConsumeTimeSpanBody {
        consumeTimeSpanSet = Frozen.listOrNull(consumeTimeSpanSet);
    }
}
