package io.bolide.broker.auth;

/**
 * A policy entry's resource: {@code *} (anything), {@code Topic:*} (any topic), {@code
 * Topic:orders*} (names starting with {@code orders}) or {@code Topic:orders} (that one), and the
 * same for {@code Group} and {@code Cluster}.
 */
record Resource(ResourceType type, Pattern pattern, String name) {

    /** How the name matches. */
    enum Pattern {
        LITERAL,
        PREFIXED,
        ANY
    }

    /** Parses {@code text} as the reference does; null when it names no known resource type. */
    static Resource parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        if (text.equals("*")) {
            return new Resource(ResourceType.ANY, Pattern.ANY, null);
        }
        int colon = text.indexOf(':');
        ResourceType type = ResourceType.parse(colon < 0 ? text : text.substring(0, colon));
        if (type == null) {
            return null;
        }
        String name = colon < 0 ? "" : text.substring(colon + 1);
        if (name.equals("*")) {
            return new Resource(type, Pattern.ANY, null);
        }
        if (name.endsWith("*")) {
            return new Resource(type, Pattern.PREFIXED, name.substring(0, name.indexOf('*')));
        }
        return new Resource(type, Pattern.LITERAL, name);
    }

    /** The text form, as listed back: {@code Topic:orders}, {@code Topic:ord*}, {@code *}. */
    String key() {
        if (type == ResourceType.ANY) {
            return "*";
        }
        return switch (pattern) {
            case ANY -> type.wireName() + ":*";
            case PREFIXED -> type.wireName() + ":" + name + "*";
            default -> type.wireName() + ":" + name;
        };
    }

    boolean matches(ResourceType requested, String requestedName) {
        if (type == ResourceType.ANY) {
            return true;
        }
        if (type != requested) {
            return false;
        }
        if (requestedName == null) {
            // A request missing the name: only "any name" entries speak to it, as in the reference.
            return pattern == Pattern.ANY;
        }
        return switch (pattern) {
            case ANY -> true;
            case PREFIXED -> requestedName.startsWith(name);
            default -> requestedName.equals(name);
        };
    }
}
