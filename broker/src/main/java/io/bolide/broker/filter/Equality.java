package io.bolide.broker.filter;

/**
 * {@code left = right}. Unknown on the left is unknown (or true when the right is unknown too,
 * which is how {@code IS NULL} works); a known left against an unknown right is false. Asymmetric,
 * as in the reference.
 */
final class Equality implements Node {
    private final Node left;
    private final Node right;
    private final int height;

    Equality(Node left, Node right) {
        this.left = left;
        this.right = right;
        this.height = 1 + Math.max(left.height(), right.height());
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object l = left.evaluate(properties);
        Object r = right.evaluate(properties);
        if (l == null) {
            return r == null ? Boolean.TRUE : null;
        }
        if (r == null) {
            return Boolean.FALSE;
        }
        return l.equals(r) || Comparison.compare(l, r) == 0;
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
        return "(" + left + " = " + right + ")";
    }
}
