package io.bolide.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlFilterEvaluationTest {
    private static final Map<String, String> PROPS =
            Map.of(
                    "a", "10",
                    "b", "x",
                    "f", "1.5",
                    "t", "true",
                    "TAGS", "TagA",
                    "big", "3000000000",
                    "sp", " 5 ",
                    "e", "");

    static boolean eval(String expression) throws SqlFilterException {
        return SqlFilter.compile(expression).matches((slot, name) -> PROPS.get(name));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "a > 5 AND b = 'x'|true",
                "a > 5 AND b = 'y'|false",
                "a = 5 OR b = 'x'|true",
                "a = 5 OR b = 'x' AND a = 11|false",
                "(a = 5 OR b = 'x') AND a = 10|true",
                "NOT a = 10|false",
                "NOT (a = 10)|false",
                "NOT (a = 11)|true",
                "a <> 10|false",
                "a BETWEEN 1 AND 20|true",
                "a BETWEEN 11 AND 20|false",
                "a NOT BETWEEN 11 AND 20|true",
                "a BETWEEN 5.5 AND 20|true",
                "b IN ('x', 'y')|true",
                "b NOT IN ('x', 'y')|false",
                "TAGS IN ('TagA')|true",
                "TAGS = 'TagA' AND a >= 10|true",
                "a IS NOT NULL|true",
                "missing IS NULL|true",
                "b STARTSWITH 'x'|true",
                "b ENDSWITH 'y'|false",
                "b CONTAINS ''|false",
                "b NOT CONTAINS 'y'|true",
                "t = TRUE|true",
                "t <> FALSE|true",
                "f = 1.5|true",
                "f > 1.0|true",
                "a = 10.0|true",
                "a = 1e1|true",
                "a = 10l|true",
                "a = 1.E1|true",
                "a = /* ten */ 10|true",
                "'TagA' = TRUE|false",
                "a = 10L|true",
                "a > -5|true",
                "- 5 < a|true",
                "10 = a|true",
                "'x' = b|true",
                "sp = 5.0|true",
                "big = 3000000000|true",
                "e = ''|true",
                "a|false",
                "NOT a|true",
                "TRUE|true",
                "FALSE|false",
                "NULL|false",
                "b = 'it''s'|false",
            })
    void shouldEvaluateLikeTheReference(String expression, boolean expected) throws Exception {
        assertThat(eval(expression)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "missing > 5",
                "NOT (missing > 5)",
                "missing <> 1",
                "missing NOT IN ('x')",
                "missing NOT BETWEEN 1 AND 5",
                "NOT (missing = 1 AND a = 10)",
                "NOT (missing = 1 OR a = 11)",
                "(missing = 1) = TRUE",
                "-a > -11",
                "B = 'x'",
            })
    void shouldTreatUnknownAsNotMatching(String expression) throws Exception {
        assertThat(eval(expression)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "NOT (missing = 1 AND a = 11)",
                "missing = 1 OR a = 10",
                "NOT (missing CONTAINS 'x')",
                "TRUE = (missing = 1) OR TRUE",
                "missing = missing",
            })
    void shouldApplyThreeValuedLogic(String expression) throws Exception {
        assertThat(eval(expression)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "b > 5",
                "f > 1",
                "big > 5",
                "sp > 4",
                "a > b",
                "TRUE = t",
                "b > 5 OR b = 'x'",
            })
    void shouldNotMatchWhenValuesCannotBeCompared(String expression) throws Exception {
        assertThat(eval(expression)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {"b = 'x' OR b > 5", "a > 5 OR b > 5"})
    void shouldShortCircuitBeforeAnIncomparableOperand(String expression) throws Exception {
        assertThat(eval(expression)).isTrue();
    }
}
