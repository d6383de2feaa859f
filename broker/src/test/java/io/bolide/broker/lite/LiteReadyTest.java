package io.bolide.broker.lite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The ready sets of {@link LiteReady} as {@link LiteSubscriptions} keeps them: fed by arrivals and
 * by subscriptions to lite topics with messages, drained by pops that find nothing pending, emptied
 * by unsubscriptions and moves of an exclusive group. What is pending is a set of queue names the
 * test controls, standing for the queues' offsets against the group's.
 */
class LiteReadyTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final LiteSubscriptions subs = new LiteSubscriptions(LiteQuotas.DEFAULTS, now::get);
    private final LiteReady ready = subs.ready();
    private final Set<String> pending = new HashSet<>();
    private final List<String> woken = new ArrayList<>();

    LiteReadyTest() {
        ready.pending((group, queue) -> pending.contains(group + "/" + queue));
        ready.onWoken((group, client) -> woken.add(group + "/" + client));
        subs.rules(
                new LiteGroupRules() {
                    @Override
                    public boolean exclusive(String group) {
                        return "exclusive-g".equals(group);
                    }
                });
    }

    @Test
    void shouldMakeALiteTopicReadyWhenAMessageArrivesAndTellItsReaders() throws Exception {
        add("g", "c1", "a", "b", "c");
        add("g", "c2", "b");
        assertThat(queues("g", "c1")).isEmpty();

        arrive("g", "b");
        arrive("g", "b"); // a second arrival does not add it twice
        arrive("other-g", "unread");

        assertThat(queues("g", "c1")).containsExactly(q("b"));
        assertThat(queues("g", "c2")).containsExactly(q("b"));
        assertThat(woken).containsExactly("g/c1", "g/c2", "g/c1", "g/c2");
    }

    @Test
    void shouldServeReadyTopicsOnlyAndDropThoseAPopFoundDrained() throws Exception {
        add("g", "c1", names(2000));
        arrive("g", "lite-7");
        arrive("g", "lite-1500");

        List<String> looked = new ArrayList<>();
        int taken =
                LitePops.serve(
                        subs,
                        "g",
                        "c1",
                        "P",
                        32,
                        (queue, room) -> {
                            looked.add(queue);
                            pending.remove("g/" + queue); // popped all, nothing in flight
                            return 1;
                        });

        // Two of 2,000 subscriptions looked at, not the empty ones.
        assertThat(taken).isEqualTo(2);
        assertThat(looked).containsExactly(q("lite-7"), q("lite-1500"));
        assertThat(queues("g", "c1")).isEmpty();
    }

    @Test
    void shouldKeepATopicWithABatchInFlightAtTheEndOfTheSet() throws Exception {
        add("g", "c1", "a", "b");
        arrive("g", "a");
        arrive("g", "b");

        // "a" yields its message, which stays in flight (pending); "b" was taken by another client.
        LitePops.serve(
                subs,
                "g",
                "c1",
                "P",
                32,
                (queue, room) -> {
                    if (queue.equals(q("b"))) {
                        pending.remove("g/" + queue);
                        return 0;
                    }
                    return 1;
                });
        assertThat(queues("g", "c1")).containsExactly(q("a"));

        // Acknowledged: the next pop finds it drained and drops it.
        pending.remove("g/" + q("a"));
        assertThat(LitePops.serve(subs, "g", "c1", "P", 32, (queue, room) -> 0)).isZero();
        assertThat(queues("g", "c1")).isEmpty();
    }

    @Test
    void shouldStopAtTheBatchSizeAndServeTheRestNextInTurn() throws Exception {
        add("g", "c1", "a", "b", "c");
        for (String lite : List.of("a", "b", "c")) {
            arrive("g", lite);
        }
        List<String> looked = new ArrayList<>();
        LitePops.Take one =
                (queue, room) -> {
                    looked.add(queue);
                    return 1;
                };
        LitePops.serve(subs, "g", "c1", "P", 2, one);
        LitePops.serve(subs, "g", "c1", "P", 2, one);

        assertThat(looked).containsExactly(q("a"), q("b"), q("c"), q("a"));
    }

    @Test
    void shouldRebuildFromTheQueuesWhenClientsSubscribeAgainAfterARestart() throws Exception {
        // Messages stored before the restart and not yet popped by the group: the queues' offsets
        // past the group's. A fresh registry (as after a restart) learns them at the clients'
        // syncs.
        pending.add("g/" + q("a"));
        pending.add("g/" + q("c"));
        pending.add("other-g/" + q("b"));

        add("g", "c1", "a", "b", "c");

        assertThat(queues("g", "c1")).containsExactlyInAnyOrder(q("a"), q("c"));
        // The complete set every 30 s adds nothing already known.
        arrive("g", "b");
        subs.sync(LiteSubscriptions.Action.COMPLETE_ADD, "P", "g", "c1", List.of("a", "b", "c"));
        assertThat(queues("g", "c1")).containsExactlyInAnyOrder(q("a"), q("b"), q("c"));
    }

    @Test
    void shouldForgetReadyTopicsOnUnsubscription() throws Exception {
        add("g", "c1", "a", "b", "c");
        for (String lite : List.of("a", "b", "c")) {
            arrive("g", lite);
        }

        subs.sync(LiteSubscriptions.Action.PARTIAL_REMOVE, "P", "g", "c1", List.of("a"));
        assertThat(queues("g", "c1")).containsExactly(q("b"), q("c"));
        subs.sync(LiteSubscriptions.Action.COMPLETE_ADD, "P", "g", "c1", List.of("c", "d"));
        assertThat(queues("g", "c1")).containsExactly(q("c"));

        woken.clear();
        arrive("g", "a");
        arrive("g", "b");
        assertThat(woken).isEmpty();

        subs.sync(LiteSubscriptions.Action.COMPLETE_REMOVE, "P", "g", "c1", List.of());
        assertThat(ready.of("g", "c1")).isNull();
        assertThat(ready.size()).isZero();
        arrive("g", "c");
        assertThat(woken).isEmpty();
    }

    @Test
    void shouldMoveTheReadyTopicWithItsOwnerInAnExclusiveGroup() throws Exception {
        add("exclusive-g", "c1", "a", "b");
        arrive("exclusive-g", "a");
        arrive("exclusive-g", "b");

        add("exclusive-g", "c2", "a");

        assertThat(queues("exclusive-g", "c1")).containsExactly(q("b"));
        assertThat(queues("exclusive-g", "c2")).containsExactly(q("a"));
        woken.clear();
        arrive("exclusive-g", "a");
        assertThat(woken).containsExactly("exclusive-g/c2");

        // c1 loses its last lite topic: its ready set goes with its subscription.
        add("exclusive-g", "c2", "b");
        assertThat(ready.of("exclusive-g", "c1")).isNull();
        assertThat(queues("exclusive-g", "c2")).containsExactlyInAnyOrder(q("a"), q("b"));
    }

    @Test
    void shouldForgetTheReadySetsOfExpiredAndGoneClients() throws Exception {
        add("g", "c1", "a");
        add("g", "c2", "a");
        arrive("g", "a");

        subs.forget("c1");
        now.addAndGet(200_000);
        subs.expire(180_000);

        assertThat(ready.of("g", "c1")).isNull();
        assertThat(ready.of("g", "c2")).isNull();
        woken.clear();
        arrive("g", "a");
        assertThat(woken).isEmpty();
    }

    @Test
    void shouldServeNothingToAPopOfAnotherParentAndKeepTheSet() throws Exception {
        add("g", "c1", "a");
        arrive("g", "a");

        assertThat(LitePops.serve(subs, "g", "c1", "Q", 32, (queue, room) -> 1)).isZero();
        assertThat(LitePops.anyReady(subs, "g", "c1", "Q", queue -> true)).isFalse();
        assertThat(LitePops.anyReady(subs, "g", "c1", "P", queue -> true)).isTrue();
        assertThat(queues("g", "c1")).containsExactly(q("a"));
    }

    private void add(String group, String client, String... lites) throws LiteQuotaExceeded {
        subs.sync(LiteSubscriptions.Action.PARTIAL_ADD, "P", group, client, List.of(lites));
    }

    /** A message of {@code group}'s not yet popped arrives in lite topic {@code lite} of P. */
    private void arrive(String group, String lite) {
        pending.add(group + "/" + q(lite));
        ready.arrived(q(lite));
    }

    private List<String> queues(String group, String client) {
        LiteReady.Client c = ready.of(group, client);
        return c == null ? List.of() : List.of(c.snapshot());
    }

    private static String q(String lite) {
        return LiteNames.queueName("P", lite);
    }

    private static String[] names(int n) {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "lite-" + i;
        }
        return names;
    }
}
