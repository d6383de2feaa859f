package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;

/**
 * The broker's tables and identity as the operations codes read them: one value, because most of
 * those handlers need most of it.
 */
public record Tables(
        TopicTable topics,
        ConsumerOffsetTable offsets,
        SubscriptionGroupTable groups,
        ClientRegistry clients,
        String brokerName,
        String brokerAddress) {}
