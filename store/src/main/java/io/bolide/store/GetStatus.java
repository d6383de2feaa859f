package io.bolide.store;

/** Outcome of {@link MessageStore#getMessages}; names follow RocketMQ's GetMessageStatus. */
public enum GetStatus {
    /** At least one record was returned. */
    FOUND,
    /** Entries were scanned but none matched the filter. */
    NO_MATCHED_MESSAGE,
    /** The entries point at commit-log data already deleted by retention. */
    MESSAGE_WAS_REMOVING,
    /** The queue exists but holds no message. */
    NO_MESSAGE_IN_QUEUE,
    /** The requested offset is below the queue's minimum. */
    OFFSET_TOO_SMALL,
    /** The requested offset equals the queue's maximum (nothing new yet). */
    OFFSET_OVERFLOW_ONE,
    /** The requested offset is beyond the queue's maximum. */
    OFFSET_OVERFLOW_BADLY,
    /** No such topic/queue. */
    NO_MATCHED_LOGIC_QUEUE
}
