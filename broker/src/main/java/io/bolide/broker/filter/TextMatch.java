package io.bolide.broker.filter;

/**
 * {@code x [NOT] CONTAINS|STARTSWITH|ENDSWITH 'text'}. False, negated or not, when the value is not
 * text (absent included) or the literal is empty, as in the reference.
 */
final class TextMatch implements Node {
    /** The three tests. */
    enum Kind {
        CONTAINS,
        STARTSWITH,
        ENDSWITH;

        boolean test(String value, String literal) {
            switch (this) {
                case CONTAINS:
                    return value.contains(literal);
                case STARTSWITH:
                    return value.startsWith(literal);
                default:
                    return value.endsWith(literal);
            }
        }
    }

    private final Kind kind;
    private final Node operand;
    private final String literal;
    private final boolean negated;

    TextMatch(Kind kind, Node operand, String literal, boolean negated) {
        this.kind = kind;
        this.operand = operand;
        this.literal = literal;
        this.negated = negated;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        if (literal.isEmpty()) {
            return Boolean.FALSE;
        }
        Object value = operand.evaluate(properties);
        if (!(value instanceof String)) {
            return Boolean.FALSE;
        }
        return kind.test((String) value, literal) != negated;
    }

    @Override
    public boolean isCondition() {
        return true;
    }

    @Override
    public int height() {
        return 1 + operand.height();
    }

    @Override
    public String toString() {
        return "(" + operand + (negated ? " NOT " : " ") + kind + " '" + literal + "')";
    }
}
