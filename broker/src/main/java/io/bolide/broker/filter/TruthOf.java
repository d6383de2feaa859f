package io.bolide.broker.filter;

/**
 * A property used as a condition ({@code WHERE flag}): true or false only when the value is already
 * a truth value, which a property's text never is, so known values are false and absent ones
 * unknown, as in the reference.
 */
final class TruthOf implements Node {
    private final Node operand;

    TruthOf(Node operand) {
        this.operand = operand;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object value = operand.evaluate(properties);
        if (value == null) {
            return null;
        }
        return value instanceof Boolean ? value : Boolean.FALSE;
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
        return operand.toString();
    }
}
