package io.bolide.broker.filter;

/**
 * The compile-time type rules the reference applies, so an expression it refuses is refused here
 * too: NULL is never an operand of {@code =}/{@code <>}; a truth constant is not compared for
 * equality with a constant on its right that is not one; ordering operands are numbers, properties
 * or arithmetic, never conditions or non-numeric constants; constant BETWEEN bounds must be in
 * order.
 */
final class Checks {
    private Checks() {}

    static void equalOperands(Node left, Node right, Token at) throws SqlFilterException {
        for (Node operand : new Node[] {left, right}) {
            if (operand instanceof Literal literal && literal.value == null) {
                throw new SqlFilterException(
                        "NULL cannot be compared with = or <>; use IS [NOT] NULL", at.position());
            }
        }
        // One-sided, as in the reference: TRUE = 'x' is refused, 'x' = TRUE is not.
        if (left instanceof Literal
                && right instanceof Literal
                && left.isCondition()
                && !right.isCondition()) {
            throw new SqlFilterException(left + " cannot be compared with " + right, at.position());
        }
    }

    static void orderable(Node operand, Token at) throws SqlFilterException {
        boolean ok =
                operand instanceof Literal literal
                        ? literal.value instanceof Number
                        : !operand.isCondition();
        if (!ok) {
            throw new SqlFilterException(
                    operand + " cannot be compared with < <= > >= or BETWEEN", at.position());
        }
    }

    static void betweenBounds(Node low, Node high, Token at) throws SqlFilterException {
        if (!(low instanceof Literal l) || !(high instanceof Literal h)) {
            return;
        }
        if (l.value == null || h.value == null) {
            throw new SqlFilterException("BETWEEN bounds cannot be NULL", at.position());
        }
        int sign;
        try {
            sign = Comparison.compare(l.value, h.value);
        } catch (EvaluationFailure e) {
            throw new SqlFilterException(
                    "BETWEEN bounds " + low + " and " + high + " cannot be compared",
                    at.position());
        }
        if (sign > 0) {
            throw new SqlFilterException(
                    "BETWEEN lower bound " + low + " is greater than upper bound " + high,
                    at.position());
        }
    }
}
