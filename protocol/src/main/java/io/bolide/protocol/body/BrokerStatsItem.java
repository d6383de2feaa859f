package io.bolide.protocol.body;

/**
 * One window of a broker statistic in {@link BrokerStatsData}: the growth of the counted value over
 * the window ({@code sum}), that growth per second ({@code tps}) and per counted event ({@code
 * avgpt}: for a size statistic, the mean size).
 */
public record BrokerStatsItem(long sum, double tps, double avgpt) {}
