package io.bolide.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.filter.expression.BooleanExpression;
import org.apache.rocketmq.filter.expression.EvaluationContext;
import org.apache.rocketmq.filter.expression.Expression;
import org.junit.jupiter.api.Test;

/**
 * Random expressions and property sets judged by Bolide and by the reference's own filter
 * (rocketmq-filter 5.4.0): both must accept or refuse the same expressions, and where both accept,
 * match the same messages. Seeded, so a failure reproduces.
 */
class SqlFilterDifferentialTest {
    private static final String[] NAMES = {"a", "b", "c", "missing", "TAGS"};
    private static final String[] VALUES = {
        "10",
        "-3",
        "0",
        "1.5",
        "x",
        "abc",
        "true",
        "TRUE",
        "false",
        "3000000000",
        " 5 ",
        "",
        "NaN",
        "TagA",
        "1e3",
        "+7",
        "010"
    };
    private static final String[] NUMBERS = {
        "0",
        "5",
        "10",
        "-3",
        "1.5",
        ".5",
        "1e1",
        "3000000000",
        "10L",
        "1.E1",
        "2147483647",
        "2147483648",
        "1.5e-1",
        "-0"
    };
    private static final String[] TEXTS = {"'x'", "'10'", "'abc'", "''", "'TagA'", "'a''b'"};

    private final Random random = new Random(20261123L);

    @Test
    void shouldAgreeWithTheReferenceFilter() throws Exception {
        int compiled = 0;
        int refused = 0;
        int compared = 0;
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            String expression = condition(3);
            Expression reference = referenceCompile(expression);
            SqlFilter ours = oursCompile(expression);
            if ((reference == null) != (ours == null)) {
                mismatches.add("compile " + expression + " reference=" + (reference != null));
                continue;
            }
            if (ours == null) {
                refused++;
                continue;
            }
            compiled++;
            for (int j = 0; j < 20; j++) {
                Map<String, String> properties = properties();
                boolean expected = referenceMatches(reference, properties);
                boolean actual = ours.matches((slot, name) -> properties.get(name));
                compared++;
                if (expected != actual) {
                    mismatches.add(expression + " with " + properties + " reference=" + expected);
                    break;
                }
            }
        }
        assertThat(mismatches).as("disagreements").isEmpty();
        assertThat(compiled).isGreaterThan(800);
        assertThat(refused).isGreaterThan(50);
        assertThat(compared).isGreaterThan(15_000);
    }

    private static Expression referenceCompile(String expression) {
        try {
            return new org.apache.rocketmq.filter.SqlFilter().compile(expression);
        } catch (Exception | Error e) {
            return null;
        }
    }

    private static SqlFilter oursCompile(String expression) {
        try {
            return SqlFilter.compile(expression);
        } catch (SqlFilterException e) {
            return null;
        }
    }

    private static boolean referenceMatches(Expression expression, Map<String, String> props) {
        Map<String, Object> values = new HashMap<>(props);
        EvaluationContext context =
                new EvaluationContext() {
                    @Override
                    public Object get(String name) {
                        return values.get(name);
                    }

                    @Override
                    public Map<String, Object> keyValues() {
                        return values;
                    }
                };
        try {
            return ((BooleanExpression) expression).matches(context);
        } catch (Exception e) {
            // The reference broker logs and treats the message as not matching.
            return false;
        }
    }

    private Map<String, String> properties() {
        Map<String, String> properties = new HashMap<>();
        for (String name : NAMES) {
            if (!name.equals("missing") && random.nextInt(5) > 0) {
                properties.put(name, pick(VALUES));
            }
        }
        return properties;
    }

    private String condition(int depth) {
        int choice = random.nextInt(depth > 0 ? 16 : 10);
        switch (choice) {
            case 0:
                return operand() + pick(new String[] {" = ", " <> ", "=", "<>"}) + operand();
            case 1:
                return operand()
                        + pick(new String[] {" > ", " >= ", " < ", " <= ", "<"})
                        + operand();
            case 2:
                return name() + keyword(random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            case 3:
                return operand()
                        + keyword(random.nextBoolean() ? " BETWEEN " : " NOT BETWEEN ")
                        + operand()
                        + keyword(" AND ")
                        + operand();
            case 4:
                return name()
                        + keyword(random.nextBoolean() ? " IN (" : " NOT IN (")
                        + texts()
                        + ")";
            case 5:
                return operand() + textMatch() + pick(TEXTS);
            case 6:
                return name();
            case 7:
                return pick(new String[] {"TRUE", "FALSE", "NULL", "true"});
            case 8:
                return operand() + " = " + operand();
            case 9:
                return name() + " = " + pick(new String[] {"TRUE", "FALSE"});
            case 10:
            case 11:
                return condition(depth - 1) + keyword(" AND ") + condition(depth - 1);
            case 12:
            case 13:
                return condition(depth - 1) + keyword(" OR ") + condition(depth - 1);
            case 14:
                return keyword("NOT ") + "(" + condition(depth - 1) + ")";
            default:
                return "("
                        + condition(depth - 1)
                        + ")"
                        + pick(new String[] {" = ", " <> "})
                        + (random.nextBoolean() ? "TRUE" : "(" + condition(depth - 1) + ")");
        }
    }

    private String operand() {
        switch (random.nextInt(8)) {
            case 0:
            case 1:
            case 2:
                return name();
            case 3:
            case 4:
                return pick(NUMBERS);
            case 5:
                return pick(TEXTS);
            case 6:
                return "-" + (random.nextBoolean() ? name() : pick(NUMBERS));
            default:
                return pick(new String[] {"TRUE", "NULL", "(" + name() + ")"});
        }
    }

    private String textMatch() {
        String kind = pick(new String[] {" CONTAINS ", " STARTSWITH ", " ENDSWITH "});
        return keyword(random.nextInt(3) == 0 ? " NOT" + kind : kind);
    }

    private String texts() {
        StringBuilder list = new StringBuilder(pick(TEXTS));
        for (int n = random.nextInt(3); n > 0; n--) {
            list.append(", ").append(pick(TEXTS));
        }
        return list.toString();
    }

    private String name() {
        return pick(NAMES);
    }

    private String keyword(String keyword) {
        return random.nextInt(4) == 0 ? keyword.toLowerCase(java.util.Locale.ROOT) : keyword;
    }

    private String pick(String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}
