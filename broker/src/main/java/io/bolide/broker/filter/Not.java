package io.bolide.broker.filter;

/** NOT: unknown stays unknown. */
final class Not implements Node {
    private final Node operand;

    Not(Node operand) {
        this.operand = operand;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object value = operand.evaluate(properties);
        return value == null ? null : !Boolean.TRUE.equals(value);
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
        return "(NOT " + operand + ")";
    }
}
