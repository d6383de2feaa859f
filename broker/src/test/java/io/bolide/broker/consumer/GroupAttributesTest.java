package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.SubscriptionGroupConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Signed group attributes applied as the reference applies them, stored without the sign. */
class GroupAttributesTest {
    @Test
    void shouldStoreSignedAttributesUnsignedOnCreation() {
        SubscriptionGroupConfig created =
                GroupAttributes.applied(
                        group(Map.of("+lite.bind.topic", "P", "+lite.sub.model", "Exclusive")),
                        null);

        assertThat(created.attributes())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("lite.bind.topic", "P", "lite.sub.model", "Exclusive"));
        assertThat(created.groupName()).isEqualTo("g");
    }

    @Test
    void shouldSetAndRemoveOnTheAttributesAGroupHas() {
        SubscriptionGroupConfig current =
                group(Map.of("lite.bind.topic", "P", "lite.sub.model", "Exclusive"));

        SubscriptionGroupConfig updated =
                GroupAttributes.applied(
                        group(Map.of("-lite.sub.model", "", "+priority.factor", "50")), current);

        assertThat(updated.attributes())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("lite.bind.topic", "P", "priority.factor", "50"));
    }

    @Test
    void shouldKeepUnsignedAndBareSignNamesAsSent() {
        SubscriptionGroupConfig created =
                GroupAttributes.applied(group(Map.of("plain", "1", "+", "x")), null);

        assertThat(created.attributes())
                .containsExactlyInAnyOrderEntriesOf(Map.of("plain", "1", "+", "x"));
    }

    private static SubscriptionGroupConfig group(Map<String, String> attributes) {
        return SubscriptionGroupConfig.builder("g").attributes(attributes).build();
    }
}
