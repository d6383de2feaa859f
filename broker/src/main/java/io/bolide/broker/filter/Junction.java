package io.bolide.broker.filter;

import java.util.List;

/**
 * AND or OR over any number of conditions, with SQL's three-valued logic: AND is false as soon as
 * one operand is false (later ones are not evaluated), else unknown if one is unknown; OR mirrors
 * it. Flat rather than nested, so long chains do not deepen the evaluation stack.
 */
final class Junction implements Node {
    private final boolean and;
    private final Node[] operands;
    private final int height;

    Junction(boolean and, List<Node> operands) {
        this.and = and;
        this.operands = operands.toArray(new Node[0]);
        int max = 0;
        for (Node operand : operands) {
            max = Math.max(max, operand.height());
        }
        this.height = 1 + max;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Boolean decisive = and ? Boolean.FALSE : Boolean.TRUE;
        Boolean result = and ? Boolean.TRUE : Boolean.FALSE;
        for (Node operand : operands) {
            Object value = operand.evaluate(properties);
            if (value == null) {
                result = null;
            } else if (value.equals(decisive)) {
                return decisive;
            }
        }
        return result;
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
        StringBuilder text = new StringBuilder("(");
        for (int i = 0; i < operands.length; i++) {
            text.append(i == 0 ? "" : and ? " AND " : " OR ").append(operands[i]);
        }
        return text.append(')').toString();
    }
}
