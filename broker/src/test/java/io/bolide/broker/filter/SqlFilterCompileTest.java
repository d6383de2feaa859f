package io.bolide.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlFilterCompileTest {
    @ParameterizedTest(name = "{0} fails at {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "a = 10 AND|10",
                "a == 1|3",
                "b = \"x\"|4",
                "a = 'open|4",
                "a IN ()|6",
                "a IN ('x',)|10",
                "a IN (10)|6",
                "5 IN ('x')|2",
                "a BETWEEN 1|11",
                "a > 5 > 3|6",
                "a > '5'|2",
                "a = NULL|2",
                "a <> NULL|2",
                "TRUE = 1|5",
                "TRUE = 'true'|5",
                "a BETWEEN 20 AND 1|2",
                "a BETWEEN 'x' AND 'y'|2",
                "a BETWEEN 1 AND 'y'|2",
                "1|0",
                "'x'|0",
                "-a|0",
                "NOT 5|4",
                "a = 10 AND 5|11",
                "a = 10 garbage|7",
                "a = 10 )|7",
                "a > 08|4",
                "a = 010|4",
                "a = 0x0A|4",
                "a = 10 -- no line break|7",
                "a = 10 /* open|7",
                "a > 5f|4",
                "a = 1.5.5|4",
                "a > 9223372036854775808|4",
                "x.y = 1|1",
                "a # 1|2",
                "b CONTAINS b|11",
            })
    void shouldRejectWithPosition(String expression, int position) {
        assertThatThrownBy(() -> SqlFilter.compile(expression))
                .isInstanceOf(SqlFilterException.class)
                .satisfies(e -> assertThat(((SqlFilterException) e).position()).isEqualTo(position))
                .hasMessageContaining("at column " + (position + 1));
    }

    @Test
    void shouldRejectEmptyAndMissingExpressions() {
        assertThatThrownBy(() -> SqlFilter.compile("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> SqlFilter.compile("   ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> SqlFilter.compile(null)).isInstanceOf(SqlFilterException.class);
    }

    @Test
    void shouldRejectDeepParenthesesWithoutOverflowingTheStack() {
        String deep = "(".repeat(20_000) + "a = 1" + ")".repeat(20_000);
        assertThatThrownBy(() -> SqlFilter.compile(deep))
                .isInstanceOf(SqlFilterException.class)
                .hasMessageContaining("nested");
    }

    @Test
    void shouldRejectLongNotChainsAndLeftDeepChains() {
        assertThatThrownBy(() -> SqlFilter.compile("NOT ".repeat(5_000) + "a = 1"))
                .isInstanceOf(SqlFilterException.class);
        assertThatThrownBy(() -> SqlFilter.compile("- ".repeat(5_000) + "a = 1"))
                .isInstanceOf(SqlFilterException.class);
        assertThatThrownBy(() -> SqlFilter.compile("a = 1" + " = TRUE".repeat(5_000)))
                .isInstanceOf(SqlFilterException.class)
                .hasMessageContaining("deeply");
    }

    @Test
    void shouldRejectHugeExpressions() {
        String huge = "a = 1" + " OR a = 1".repeat(20_000);
        assertThatThrownBy(() -> SqlFilter.compile(huge))
                .isInstanceOf(SqlFilterException.class)
                .hasMessageContaining("longer than");
        String many = "a = 1" + " OR a = 1".repeat(5_000);
        assertThatThrownBy(() -> SqlFilter.compile(many))
                .isInstanceOf(SqlFilterException.class)
                .hasMessageContaining("terms");
    }

    @Test
    void shouldEvaluateLongFlatJunctionsIteratively() throws Exception {
        String wide = "a = 2" + " OR a = 2".repeat(1_000) + " OR a = 1";
        SqlFilter filter = SqlFilter.compile(wide);
        assertThat(filter.matches((slot, name) -> "1")).isTrue();
        assertThat(filter.matches((slot, name) -> "3")).isFalse();
    }

    @Test
    void shouldNumberPropertySlotsInOrderOfFirstUse() throws Exception {
        SqlFilter filter = SqlFilter.compile("b = 'x' AND a > 1 AND b <> 'y' AND TAGS IS NULL");
        assertThat(filter.propertyNames()).containsExactly("b", "a", "TAGS");
        Map<String, String> props = Map.of("a", "2", "b", "x");
        assertThat(
                        filter.matches(
                                (slot, name) -> {
                                    assertThat(filter.propertyNames().get(slot)).isEqualTo(name);
                                    return props.get(name);
                                }))
                .isTrue();
    }

    @Test
    void shouldSkipLineCommentsEndedByALineBreak() throws Exception {
        assertThat(SqlFilter.compile("a = -- ten\n 10").matches((slot, name) -> "10")).isTrue();
        assertThat(SqlFilter.compile("a = --10").matches((slot, name) -> "10")).isTrue();
    }

    @Test
    void shouldAcceptKeywordsInAnyCase() throws Exception {
        SqlFilter filter =
                SqlFilter.compile("a between 1 and 5 or b in ('x') and not (c is not null)");
        assertThat(filter.matches((slot, name) -> name.equals("b") ? "x" : null)).isTrue();
    }
}
