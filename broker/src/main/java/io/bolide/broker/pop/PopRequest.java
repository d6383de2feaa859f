package io.bolide.broker.pop;

import io.bolide.broker.filter.Subscription;
import io.bolide.broker.filter.TagFilter;
import io.bolide.remoting.Exchange;
import io.netty.buffer.ByteBuf;
import java.util.function.Predicate;

/**
 * One POP to serve, now or after a hold: whose, from where, how many, through which filters, and
 * the exchange to answer. Copied out of the request frame, so the frame may be freed while held.
 */
final class PopRequest {
    /** The reference's ConsumeInitMode: start a new group at the queue's first offset. */
    static final int INIT_MIN = 0;

    final String group;
    final String topic;
    final int queueId;
    final int maxCount;
    final long invisibleTime;
    final int initMode;
    final boolean order;
    final TagFilter filter;
    final Predicate<ByteBuf> recordFilter;
    final Exchange exchange;
    final long pollMillis;

    /** When a held pop is answered with what is there (epoch ms); set when first held. */
    long deadline;

    PopRequest(
            Target target,
            int maxCount,
            long invisibleTime,
            int initMode,
            boolean order,
            Subscription filters,
            Exchange exchange,
            long pollMillis) {
        this.group = target.group();
        this.topic = target.topic();
        this.queueId = target.queueId();
        this.maxCount = maxCount;
        this.invisibleTime = invisibleTime;
        this.initMode = initMode;
        this.order = order;
        this.filter = filters.filter();
        this.recordFilter = filters.sql();
        this.exchange = exchange;
        this.pollMillis = pollMillis;
    }

    /** Group, topic and queue (-1: any) of a pop. */
    record Target(String group, String topic, int queueId) {}
}
