package io.bolide.broker.filter;

/**
 * The message properties a {@link SqlFilter} reads while it judges one message. Implementations
 * look values up lazily, so a filter touching two properties never decodes the rest.
 */
public interface PropertySource {
    /**
     * The value of property {@code name}, or null when the message does not carry it.
     *
     * @param slot the index of {@code name} in {@link SqlFilter#propertyNames()}, for sources that
     *     keep per-name lookup state (such as the encoded name) in an array
     * @param name the property name, case-sensitive
     */
    String property(int slot, String name);
}
