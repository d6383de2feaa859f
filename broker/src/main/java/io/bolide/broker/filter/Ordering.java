package io.bolide.broker.filter;

/**
 * {@code <}, {@code <=}, {@code >}, {@code >=}. Unknown operands give unknown; two texts compare as
 * numbers; otherwise {@link Comparison} converts.
 */
final class Ordering implements Node {
    /** The operators. */
    enum Operator {
        LESS("<"),
        LESS_OR_EQUAL("<="),
        GREATER(">"),
        GREATER_OR_EQUAL(">=");

        final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(int sign) {
            switch (this) {
                case LESS:
                    return sign < 0;
                case LESS_OR_EQUAL:
                    return sign <= 0;
                case GREATER:
                    return sign > 0;
                default:
                    return sign >= 0;
            }
        }
    }

    private final Operator operator;
    private final Node left;
    private final Node right;
    private final int height;

    Ordering(Operator operator, Node left, Node right) {
        this.operator = operator;
        this.left = left;
        this.right = right;
        this.height = 1 + Math.max(left.height(), right.height());
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object l = left.evaluate(properties);
        if (l == null) {
            return null;
        }
        Object r = right.evaluate(properties);
        if (r == null) {
            return null;
        }
        int sign =
                l instanceof String && r instanceof String
                        ? Comparison.compareAsNumbers((String) l, (String) r)
                        : Comparison.compare(l, r);
        return operator.holds(sign);
    }

    @Override
    public boolean isCondition() {
        return true;
    }

    @Override
    public int height() {
        return height;
    }

    @Override
    public String toString() {
        return "(" + left + " " + operator.symbol + " " + right + ")";
    }
}
