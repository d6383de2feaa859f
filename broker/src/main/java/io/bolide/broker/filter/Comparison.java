package io.bolide.broker.filter;

/**
 * How two values compare, with the reference's conversions: numbers widen to the wider type; text
 * meets a number or a truth value by being parsed as that type (with the JDK's own parsers, so
 * {@code " 5 "} is a Double but not an Integer); values that cannot meet order as "less" (-1),
 * which only matters for equality because the compiler keeps such pairs away from the ordering
 * operators. A parse failure is an {@link EvaluationFailure}: the message does not match.
 */
final class Comparison {
    /** The answer for values of types that never meet (a truth value and a number). */
    static final int UNRELATED = -1;

    private Comparison() {}

    /** The sign of {@code left - right}; both non-null. */
    static int compare(Object left, Object right) {
        try {
            if (left instanceof String text) {
                return compareText(text, right);
            }
            if (left instanceof Integer i) {
                return compareInt(i, right);
            }
            if (left instanceof Long l) {
                return compareLong(l, right);
            }
            if (left instanceof Double d) {
                return compareDouble(d, right);
            }
            return compareBoolean((Boolean) left, right);
        } catch (NumberFormatException e) {
            throw EvaluationFailure.INSTANCE;
        }
    }

    /** Both values read as Doubles: how the ordering operators compare two texts. */
    static int compareAsNumbers(String left, String right) {
        try {
            return Double.compare(Double.parseDouble(left), Double.parseDouble(right));
        } catch (NumberFormatException e) {
            throw EvaluationFailure.INSTANCE;
        }
    }

    private static int compareText(String left, Object right) {
        if (right instanceof String text) {
            return left.compareTo(text);
        }
        if (right instanceof Integer i) {
            return Integer.compare(Integer.parseInt(left), i);
        }
        if (right instanceof Long l) {
            return Long.compare(Long.parseLong(left), l);
        }
        if (right instanceof Double d) {
            return Double.compare(Double.parseDouble(left), d);
        }
        return Boolean.compare(Boolean.parseBoolean(left), (Boolean) right);
    }

    private static int compareInt(int left, Object right) {
        if (right instanceof Integer i) {
            return Integer.compare(left, i);
        }
        if (right instanceof Long l) {
            return Long.compare(left, l);
        }
        if (right instanceof Double d) {
            return Double.compare(left, d);
        }
        if (right instanceof String text) {
            return Integer.compare(left, Integer.parseInt(text));
        }
        return UNRELATED;
    }

    private static int compareLong(long left, Object right) {
        if (right instanceof Long l) {
            return Long.compare(left, l);
        }
        if (right instanceof Integer i) {
            return Long.compare(left, i);
        }
        if (right instanceof Double d) {
            return Double.compare(left, d);
        }
        if (right instanceof String text) {
            return Long.compare(left, Long.parseLong(text));
        }
        return UNRELATED;
    }

    private static int compareDouble(double left, Object right) {
        if (right instanceof Double d) {
            return Double.compare(left, d);
        }
        if (right instanceof Integer || right instanceof Long) {
            return Double.compare(left, ((Number) right).doubleValue());
        }
        if (right instanceof String text) {
            return Double.compare(left, Double.parseDouble(text));
        }
        return UNRELATED;
    }

    private static int compareBoolean(boolean left, Object right) {
        if (right instanceof Boolean b) {
            return Boolean.compare(left, b);
        }
        if (right instanceof String) {
            // The reference fails here (it parses the wrong side); a failure, like there.
            throw EvaluationFailure.INSTANCE;
        }
        return UNRELATED;
    }
}
