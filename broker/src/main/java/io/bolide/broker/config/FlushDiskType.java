package io.bolide.broker.config;

/** When a sent message is acknowledged relative to its flush to disk (RocketMQ's names). */
public enum FlushDiskType {
    /** Acknowledge after the append; the store flushes periodically. */
    ASYNC_FLUSH,
    /** Acknowledge after the group flush that covers the message. */
    SYNC_FLUSH
}
