package io.bolide.broker.lite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.body.OffsetOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Exclusive consumption, expiry of subscriptions no sync refreshed, the change signal a held lite
 * pop waits on, the offset resets a sync asks for and the groups' client quotas, on {@link
 * LiteSubscriptions} alone.
 */
class LiteSubscriptionsTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final LiteSubscriptions subs = new LiteSubscriptions(LiteQuotas.DEFAULTS, now::get);
    private final List<String> dropped = new ArrayList<>();
    private final List<String> resets = new ArrayList<>();

    LiteSubscriptionsTest() {
        subs.onDropped((group, client, parent, lite) -> dropped.add(client + "/" + lite));
        subs.rules(
                new LiteGroupRules() {
                    @Override
                    public boolean exclusive(String group) {
                        return group.startsWith("exclusive");
                    }

                    @Override
                    public boolean resetOnMove(String group) {
                        return group.endsWith("-reset");
                    }

                    @Override
                    public boolean resetOnUnsubscribe(String group) {
                        return group.endsWith("-reset");
                    }

                    @Override
                    public long clientQuota(String group) {
                        return group.equals("small-g") ? 2 : DEFAULT_CLIENT_QUOTA;
                    }
                });
        subs.resets(
                (group, parent, lite, option) ->
                        resets.add(
                                group + "/" + lite + "/" + option.type() + ":" + option.value()));
    }

    @Test
    void shouldResetEachAddedLiteTopicAsItsOffsetOptionSays() throws Exception {
        OffsetOption tail = new OffsetOption(OffsetOption.Type.TAIL_N, 3);
        subs.sync(
                LiteSubscriptions.Action.PARTIAL_ADD,
                "P",
                "shared-g",
                "c1",
                List.of("a", "b"),
                tail);
        add("shared-g", "c1", "c");
        subs.sync(LiteSubscriptions.Action.COMPLETE_ADD, "P", "shared-g", "c1", List.of("a"), tail);

        // Only a PARTIAL_ADD carries an option, as in the reference.
        assertThat(resets).containsExactlyInAnyOrder("shared-g/a/TAIL_N:3", "shared-g/b/TAIL_N:3");
    }

    @Test
    void shouldResetToTheStartOnAMoveOrAnUnsubscriptionOnlyWhenTheGroupAsksForIt()
            throws Exception {
        add("exclusive-reset", "c1", "a", "b");
        add("exclusive-reset", "c2", "a");
        assertThat(resets).containsExactly("exclusive-reset/a/POLICY:1");

        subs.sync(
                LiteSubscriptions.Action.PARTIAL_REMOVE,
                "P",
                "exclusive-reset",
                "c1",
                Set.of("b", "never"));
        assertThat(resets)
                .containsExactly("exclusive-reset/a/POLICY:1", "exclusive-reset/b/POLICY:1");

        // Neither a COMPLETE_REMOVE nor a group without the attributes resets.
        subs.sync(LiteSubscriptions.Action.COMPLETE_REMOVE, "P", "exclusive-reset", "c2", Set.of());
        add("exclusive-g", "c1", "a");
        add("exclusive-g", "c2", "a");
        subs.sync(LiteSubscriptions.Action.PARTIAL_REMOVE, "P", "exclusive-g", "c2", Set.of("a"));
        assertThat(resets).hasSize(2);
    }

    @Test
    void shouldRefuseMoreLiteTopicsThanTheGroupsClientQuota() throws Exception {
        add("small-g", "c1", "a", "b");
        assertThatThrownBy(() -> add("small-g", "c1", "c"))
                .isInstanceOf(LiteQuotaExceeded.class)
                .hasMessageContaining("2 lite topics");
        assertThat(subs.of("small-g", "c1", "P")).containsExactlyInAnyOrder("a", "b");
        // The quota is per client: another client of the group has its own.
        add("small-g", "c2", "c", "d");
        add("shared-g", "c1", "a", "b", "c");
    }

    @Test
    void shouldMoveALiteTopicToItsNewestClientInAnExclusiveGroup() throws Exception {
        add("exclusive-g", "c1", "a", "b");
        add("exclusive-g", "c2", "b", "c");

        assertThat(subs.of("exclusive-g", "c1", "P")).containsExactly("a");
        assertThat(subs.of("exclusive-g", "c2", "P")).containsExactlyInAnyOrder("b", "c");
        assertThat(dropped).containsExactly("c1/b");

        // Taking the last one of c1 leaves it with no subscription; c1 taking one back takes it.
        add("exclusive-g", "c2", "a");
        assertThat(subs.of("exclusive-g", "c1", "P")).isEmpty();
        add("exclusive-g", "c1", "c");
        assertThat(subs.of("exclusive-g", "c2", "P")).containsExactlyInAnyOrder("a", "b");
        assertThat(dropped).containsExactly("c1/b", "c1/a", "c2/c");
        assertThat(subs.count()).isEqualTo(3);
    }

    @Test
    void shouldShareALiteTopicInASharedGroupAndAcrossGroups() throws Exception {
        add("shared-g", "c1", "a");
        add("shared-g", "c2", "a");
        add("exclusive-g", "c3", "a");

        assertThat(subs.of("shared-g", "c1", "P")).containsExactly("a");
        assertThat(subs.of("shared-g", "c2", "P")).containsExactly("a");
        assertThat(dropped).isEmpty();
    }

    @Test
    void shouldForgetOnlySubscriptionsNoSyncRefreshedInTime() throws Exception {
        add("shared-g", "old", "a");
        now.addAndGet(100_000);
        add("shared-g", "fresh", "b");
        now.addAndGet(100_000);

        assertThat(subs.expire(150_000)).isEqualTo(1);
        assertThat(subs.of("shared-g", "old", "P")).isEmpty();
        assertThat(subs.of("shared-g", "fresh", "P")).containsExactly("b");

        // A complete sync of the same set refreshes it.
        subs.sync(LiteSubscriptions.Action.COMPLETE_ADD, "P", "shared-g", "fresh", Set.of("b"));
        now.addAndGet(149_000);
        assertThat(subs.expire(150_000)).isZero();
        assertThat(subs.of("shared-g", "fresh", "P")).containsExactly("b");
    }

    @Test
    void shouldSignalEachSyncOfAClient() throws Exception {
        List<String> changes = new ArrayList<>();
        subs.onChange((group, client) -> changes.add(group + "/" + client));
        add("shared-g", "c1", "a");
        subs.sync(LiteSubscriptions.Action.PARTIAL_REMOVE, "P", "shared-g", "c1", Set.of("a"));

        assertThat(changes).containsExactly("shared-g/c1", "shared-g/c1");
    }

    private void add(String group, String client, String... lites) throws LiteQuotaExceeded {
        subs.sync(LiteSubscriptions.Action.PARTIAL_ADD, "P", group, client, List.of(lites));
    }
}
