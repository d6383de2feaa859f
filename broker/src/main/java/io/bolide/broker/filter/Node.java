package io.bolide.broker.filter;

/**
 * One node of a compiled expression. Values are {@code String} (properties, text literals), {@code
 * Integer}/{@code Long}/{@code Double} (number literals), {@code Boolean} or null (unknown).
 */
interface Node {
    /** The node's value for one message; throws {@link EvaluationFailure} when not comparable. */
    Object evaluate(PropertySource properties);

    /** Whether the node yields a truth value (may stand where a condition is expected). */
    boolean isCondition();

    /** Height of the tree below and including this node; bounds evaluation recursion. */
    int height();
}
