package io.bolide.broker.filter;

/** Unary minus: negates a number; anything else (text included) becomes unknown. */
final class Negation implements Node {
    private final Node operand;

    Negation(Node operand) {
        this.operand = operand;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object value = operand.evaluate(properties);
        if (value instanceof Integer i) {
            return -i;
        }
        if (value instanceof Long l) {
            return -l;
        }
        if (value instanceof Double d) {
            return -d;
        }
        return null;
    }

    @Override
    public boolean isCondition() {
        return false;
    }

    @Override
    public int height() {
        return 1 + operand.height();
    }

    @Override
    public String toString() {
        return "(-" + operand + ")";
    }
}
