package io.bolide.protocol.body;

/** Body of a {@code VIEW_BROKER_STATS_DATA} response: one statistic over three windows. */
public record BrokerStatsData(
        BrokerStatsItem statsMinute, BrokerStatsItem statsHour, BrokerStatsItem statsDay) {}
