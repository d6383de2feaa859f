package io.bolide.broker.filter;

import java.util.Set;

/** {@code property [NOT] IN ('a', 'b')}: unknown when the property is absent. */
final class InList implements Node {
    private final Property property;
    private final Set<String> values;
    private final boolean negated;

    InList(Property property, Set<String> values, boolean negated) {
        this.property = property;
        this.values = Set.copyOf(values);
        this.negated = negated;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        Object value = property.evaluate(properties);
        if (!(value instanceof String)) {
            return null;
        }
        return values.contains(value) != negated;
    }

    @Override
    public boolean isCondition() {
        return true;
    }

    @Override
    public int height() {
        return 2;
    }

    @Override
    public String toString() {
        return "(" + property + (negated ? " NOT IN " : " IN ") + values + ")";
    }
}
