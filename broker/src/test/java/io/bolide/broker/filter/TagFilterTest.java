package io.bolide.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TagFilterTest {
    @Test
    void shouldTreatStarAndBlankAsAll() {
        assertThat(TagFilter.parse("*")).isNull();
        assertThat(TagFilter.parse(" * ")).isNull();
        assertThat(TagFilter.parse("")).isNull();
        assertThat(TagFilter.parse(null)).isNull();
    }

    @Test
    void shouldMatchEachTagOfAnOrExpressionByHash() {
        TagFilter filter = TagFilter.parse("TagA || TagB||TagC ");
        assertThat(filter.test("TagA".hashCode())).isTrue();
        assertThat(filter.test("TagB".hashCode())).isTrue();
        assertThat(filter.test("TagC".hashCode())).isTrue();
        assertThat(filter.test("TagD".hashCode())).isFalse();
        assertThat(filter.test(0)).isFalse();
    }

    @Test
    void shouldCompareSignExtendedNegativeHashes() {
        String tag = "negative-hash-tag";
        assertThat(tag.hashCode()).isNegative();
        assertThat(TagFilter.parse(tag).test((long) tag.hashCode())).isTrue();
    }

    @Test
    void shouldHoldManyTags() {
        StringBuilder expression = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            expression.append(i == 0 ? "" : "||").append("T").append(i);
        }
        TagFilter filter = TagFilter.parse(expression.toString());
        assertThat(filter.test("T19".hashCode())).isTrue();
        assertThat(filter.test("T20".hashCode())).isFalse();
    }
}
