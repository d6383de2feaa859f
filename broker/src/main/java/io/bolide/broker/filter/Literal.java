package io.bolide.broker.filter;

/** A constant: text, number, TRUE, FALSE or NULL (the last three count as conditions). */
final class Literal implements Node {
    static final Literal TRUE = new Literal(Boolean.TRUE, "TRUE");
    static final Literal FALSE = new Literal(Boolean.FALSE, "FALSE");
    static final Literal NULL = new Literal(null, "NULL");

    final Object value;
    private final String text;

    Literal(Object value, String text) {
        this.value = value;
        this.text = text;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        return value;
    }

    @Override
    public boolean isCondition() {
        return value == null || value instanceof Boolean;
    }

    @Override
    public int height() {
        return 1;
    }

    @Override
    public String toString() {
        return text;
    }
}
