package io.bolide.broker.transaction;

/** What an END_TRANSACTION did. */
public enum EndOutcome {
    /** The half message was delivered to its real topic and its outcome recorded. */
    COMMITTED,
    /** The half message's rollback was recorded; it is never delivered. */
    ROLLED_BACK,
    /** Outcome unknown (or not a commit/rollback): the message waits for a check. */
    LEFT_FOR_CHECK,
    /** The message already has an outcome (a duplicate or late answer): nothing done. */
    ALREADY_RESOLVED,
    /** No half message at the given offsets. */
    NOT_FOUND,
    /** The half message belongs to another producer group. */
    WRONG_GROUP,
    /** The store refused a write; the message waits for a check. */
    FAILED
}
