package io.bolide.broker.lite;

/** A lite subscription change refused because a quota ({@link LiteQuotas}) would be passed. */
public final class LiteQuotaExceeded extends Exception {
    private static final long serialVersionUID = 1L;

    LiteQuotaExceeded(String message) {
        super(message, null, false, false);
    }
}
