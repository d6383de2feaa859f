package io.bolide.remoting.config;

/** Parsing of the value types keys share, with the reasons a value is refused. */
final class ValueText {
    private ValueText() {}

    static long parseLong(String text, long min, long max) {
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("must be in " + range(min, max));
        }
        return value;
    }

    static boolean parseBoolean(String text) {
        String value = text.trim();
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    static String nonEmpty(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("must not be empty");
        }
        return text;
    }

    static <E extends Enum<E>> E parseEnum(E[] constants, String text) {
        for (E constant : constants) {
            if (constant.name().equals(text)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("expected one of " + choices(constants, ", "));
    }

    static <E extends Enum<E>> String choices(E[] constants, String separator) {
        StringBuilder choices = new StringBuilder();
        for (E constant : constants) {
            choices.append(choices.length() == 0 ? "" : separator).append(constant.name());
        }
        return choices.toString();
    }

    static String range(long min, long max) {
        return "[" + min + ", " + max + "]";
    }
}
