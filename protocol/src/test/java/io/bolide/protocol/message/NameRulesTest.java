package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.junit.jupiter.api.Test;

class NameRulesTest {
    private static final String CHARS = "aZ09_-%|. /\t\u00e9:#+漢@";

    @Test
    void shouldJudgeTopicsAndGroupsAsApache() {
        Random random = new Random(20260401);
        for (int i = 0; i < 5_000; i++) {
            String name = randomName(random);
            assertThat(NameRules.isValidTopic(name))
                    .as(name)
                    .isEqualTo(TopicValidator.validateTopic(name).isValid());
            assertThat(NameRules.isValidGroup(name))
                    .as(name)
                    .isEqualTo(TopicValidator.validateGroup(name).isValid());
            assertThat(NameRules.hasOnlyValidChars(name))
                    .isEqualTo(!TopicValidator.isTopicOrGroupIllegal(name));
        }
    }

    @Test
    void shouldApplyLengthLimits() {
        assertThat(NameRules.isValidTopic("t".repeat(127))).isTrue();
        assertThat(NameRules.isValidTopic("t".repeat(128))).isFalse();
        assertThat(NameRules.isValidTopic("%RETRY%" + "g".repeat(248))).isTrue();
        assertThat(NameRules.isValidTopic("%DLQ%" + "g".repeat(251))).isFalse();
        assertThat(NameRules.isValidGroup("g".repeat(120))).isTrue();
        assertThat(NameRules.isValidGroup("g".repeat(121))).isFalse();
        assertThat(NameRules.topicProblem(null)).contains("blank");
        assertThat(NameRules.groupProblem("  ")).contains("blank");
        assertThat(NameRules.topicProblem("a b")).contains("illegal");
    }

    private static String randomName(Random random) {
        int kind = random.nextInt(10);
        int length =
                kind == 0
                        ? random.nextInt(3)
                        : kind < 3 ? 100 + random.nextInt(200) : 1 + random.nextInt(30);
        StringBuilder name = new StringBuilder();
        if (kind == 1) {
            name.append(random.nextBoolean() ? "%RETRY%" : "%DLQ%");
        }
        boolean clean = random.nextInt(3) > 0;
        for (int i = 0; i < length; i++) {
            int bound = clean ? 8 : CHARS.length();
            name.append(CHARS.charAt(random.nextInt(bound)));
        }
        return name.toString();
    }
}
