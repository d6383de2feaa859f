package io.bolide.broker.filter;

/** A message property by name; its value is the property's text, or null when absent. */
final class Property implements Node {
    final String name;
    private final int slot;

    Property(String name, int slot) {
        this.name = name;
        this.slot = slot;
    }

    @Override
    public Object evaluate(PropertySource properties) {
        return properties.property(slot, name);
    }

    @Override
    public boolean isCondition() {
        return false;
    }

    @Override
    public int height() {
        return 1;
    }

    @Override
    public String toString() {
        return name;
    }
}
