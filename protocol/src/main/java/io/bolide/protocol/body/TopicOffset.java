package io.bolide.protocol.body;

/** Offsets of one queue in {@link TopicStatsTable}. */
public record TopicOffset(long minOffset, long maxOffset, long lastUpdateTimestamp) {}
