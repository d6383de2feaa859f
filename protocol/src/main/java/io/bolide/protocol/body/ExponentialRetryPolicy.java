package io.bolide.protocol.body;

/** Retry delays growing by {@code multiplier} from {@code initial} up to {@code max} (ms). */
public record ExponentialRetryPolicy(long initial, long max, long multiplier) {}
