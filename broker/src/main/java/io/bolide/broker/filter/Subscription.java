package io.bolide.broker.filter;

import io.bolide.protocol.body.SubscriptionData;

/**
 * A subscription registered by heartbeat, with its filter built once: a tag filter for TAG
 * expressions, or for SQL92 ones a compiled {@link SqlRecordFilter} (and no tag filter).
 */
public record Subscription(
        String topic, String expression, long subVersion, TagFilter filter, SqlRecordFilter sql) {
    public static Subscription of(SubscriptionData data) {
        if (SqlRecordFilter.isSql(data.expressionType())) {
            return new Subscription(
                    data.topic(),
                    data.subString(),
                    data.subVersion(),
                    null,
                    SqlRecordFilter.compile(data.subString()));
        }
        return new Subscription(
                data.topic(), data.subString(), data.subVersion(), TagFilter.of(data), null);
    }
}
