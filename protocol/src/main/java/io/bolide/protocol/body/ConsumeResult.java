package io.bolide.protocol.body;

/** Outcome of {@code CONSUME_MESSAGE_DIRECTLY} (Apache's {@code CMResult}), in the Apache order. */
public enum ConsumeResult {
    CR_SUCCESS,
    CR_LATER,
    CR_ROLLBACK,
    CR_COMMIT,
    CR_THROW_EXCEPTION,
    CR_RETURN_NULL
}
