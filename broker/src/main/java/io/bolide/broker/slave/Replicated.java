package io.bolide.broker.slave;

import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;

/**
 * The tables a slave copies from its master.
 *
 * @param auth where the master's users and ACLs go; null when this broker checks no credentials
 *     (then they are not copied: nothing here would read them)
 */
public record Replicated(
        TopicTable topics,
        ConsumerOffsetTable offsets,
        SubscriptionGroupTable groups,
        DelayedDelivery delay,
        AuthMirror auth) {}
