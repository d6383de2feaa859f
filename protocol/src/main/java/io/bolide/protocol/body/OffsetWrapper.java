package io.bolide.protocol.body;

/** Progress of a group on one queue in {@link ConsumeStats}. */
public record OffsetWrapper(
        long brokerOffset, long consumerOffset, long pullOffset, long lastTimestamp) {}
