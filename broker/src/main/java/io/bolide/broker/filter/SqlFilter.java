package io.bolide.broker.filter;

import java.util.List;

/**
 * A compiled SQL92 property filter, as consumers give it with {@code MessageSelector.bySql}: the
 * reference broker's language and semantics (see broker/README.md, "SQL92 filters"). Compile once,
 * then {@link #matches} each message; instances are immutable and thread-safe.
 *
 * <pre>{@code
 * SqlFilter filter = SqlFilter.compile("a > 5 AND b = 'x'");
 * boolean wanted = filter.matches((slot, name) -> properties.get(name));
 * }</pre>
 */
public final class SqlFilter {
    private final String expression;
    private final Node root;
    private final List<String> names;

    private SqlFilter(String expression, Node root, List<String> names) {
        this.expression = expression;
        this.root = root;
        this.names = names;
    }

    /**
     * Compiles {@code expression}.
     *
     * @throws SqlFilterException with the position of the problem, if the expression is not valid,
     *     would not yield a truth value, or exceeds the size limits
     */
    public static SqlFilter compile(String expression) throws SqlFilterException {
        if (expression == null) {
            throw new SqlFilterException("no expression", 0);
        }
        Parser.Result result = Parser.parse(expression);
        return new SqlFilter(expression, result.root(), result.names());
    }

    /**
     * Whether a message with these properties passes: only a definite true does; false, unknown (an
     * absent property) and values that cannot be compared do not. Never throws for any input.
     */
    public boolean matches(PropertySource properties) {
        try {
            return Boolean.TRUE.equals(root.evaluate(properties));
        } catch (EvaluationFailure e) {
            return false;
        }
    }

    /** The expression as given. */
    public String expression() {
        return expression;
    }

    /** The distinct property names the expression reads; a name's index is its slot. */
    public List<String> propertyNames() {
        return names;
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
