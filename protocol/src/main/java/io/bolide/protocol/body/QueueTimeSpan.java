package io.bolide.protocol.body;

/**
 * One queue in {@link QueryConsumeTimeSpanBody}: store times of its oldest and newest messages and
 * of the group's next message, and how far (ms) the group lags behind the newest.
 */
public record QueueTimeSpan(
        MessageQueue messageQueue,
        long minTimeStamp,
        long maxTimeStamp,
        long consumeTimeStamp,
        long delayTime) {}
