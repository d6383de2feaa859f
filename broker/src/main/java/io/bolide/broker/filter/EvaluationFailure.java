package io.bolide.broker.filter;

/**
 * A value could not be converted for a comparison (a text property compared with a number that it
 * does not spell). The reference then treats the message as not matching; one shared instance
 * without a stack trace keeps such messages cheap.
 */
final class EvaluationFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    static final EvaluationFailure INSTANCE = new EvaluationFailure();

    private EvaluationFailure() {
        super("value not comparable", null, false, false);
    }
}
