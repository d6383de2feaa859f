package io.bolide.broker.pull;

import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.protocol.header.PullMessageRequestHeader;
import io.bolide.remoting.Exchange;
import io.netty.buffer.ByteBuf;
import java.util.function.Predicate;

/**
 * One pull to serve, now or after a hold: what to read, how much, through which filters (tag hash,
 * then record properties), and the exchange to answer. Everything is copied out of the request
 * frame, so the frame may be freed while the pull is held.
 */
final class PullRequest {
    final String group;
    final String topic;
    final int queueId;
    final long offset;
    final int maxCount;
    final int maxBytes;
    final TagFilter filter;
    final Predicate<ByteBuf> recordFilter;
    final Exchange exchange;
    final long holdMillis;

    /** The group's {@code brokerId} and {@code whichBrokerWhenConsumeSlowly}. */
    long groupBrokerId;

    long slowBrokerId = 1;

    /** The stretch of a static topic's logic queue read (#38), or null for an ordinary queue. */
    LogicRead logic;

    long deadlineNanos;

    PullRequest(
            PullMessageRequestHeader header,
            int maxCount,
            int maxBytes,
            Subscription subscription,
            Exchange exchange,
            long holdMillis) {
        this.group = header.consumerGroup();
        this.topic = header.topic();
        this.queueId = header.queueId();
        this.offset = header.queueOffset();
        this.maxCount = maxCount;
        this.maxBytes = maxBytes;
        this.filter = subscription.filter();
        this.recordFilter = subscription.sql();
        this.exchange = exchange;
        this.holdMillis = holdMillis;
    }
}
