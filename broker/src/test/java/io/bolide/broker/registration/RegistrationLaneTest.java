package io.bolide.broker.registration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** Coalescing and the data-version check, on executors the test runs by hand. */
class RegistrationLaneTest {
    private final ManualExecutor sender = new ManualExecutor();
    private final ManualExecutor later = new ManualExecutor();
    private final FakeNameServer nameServer = new FakeNameServer();
    private final RegistrationLane lane = new RegistrationLane(nameServer, sender, later, 60_000);

    @Test
    void shouldCarryABurstOfChangesInOneRegistrationWhileOneIsInFlight() {
        CompletableFuture<Void> first = lane.changed("T0");
        sender.runAll();
        List<CompletableFuture<Void>> burst = new ArrayList<>();
        for (int i = 1; i <= 5000; i++) {
            burst.add(lane.changed("T" + i));
        }
        sender.runAll();
        assertThat(nameServer.registrations).hasSize(1);

        nameServer.answer(0, true);
        assertThat(first).isCompleted();
        assertThat(burst).noneMatch(CompletableFuture::isDone);
        sender.runAll();

        assertThat(nameServer.registrations).hasSize(2);
        assertThat(nameServer.registrations.get(1).topics).hasSize(5000).startsWith("T1");
        nameServer.answer(1, true);
        assertThat(burst).allMatch(CompletableFuture::isDone);
        assertThat(sender.tasks).isEmpty();
    }

    @Test
    void shouldAnswerAChangeOnlyOnceItsRegistrationIsAnswered() {
        CompletableFuture<Void> created = lane.changed("Created");
        sender.runAll();

        assertThat(created).isNotDone();
        nameServer.answer(0, true);
        assertThat(created).isCompleted();
        assertThat(nameServer.registrations.get(0).topics).containsExactly("Created");
    }

    @Test
    void shouldLetAWholeTableCarryThePendingChanges() {
        lane.changed("A");
        sender.runAll();
        CompletableFuture<Void> b = lane.changed("B");
        CompletableFuture<Void> all = lane.full();
        lane.changed("C");
        nameServer.answer(0, true);
        sender.runAll();

        assertThat(nameServer.registrations).hasSize(2);
        assertThat(nameServer.registrations.get(1).topics).isNull();
        nameServer.answer(1, true);
        assertThat(b).isCompleted();
        assertThat(all).isCompleted();
    }

    @Test
    void shouldNotResendAnUnchangedTableOnTheHeartbeat() {
        lane.heartbeat();
        sender.runAll();
        assertThat(nameServer.queries).hasSize(1);

        nameServer.queries.remove().complete(true);
        sender.runAll();

        assertThat(nameServer.registrations).isEmpty();
    }

    @Test
    void shouldSendTheWholeTableWhenTheNameServerHasAnotherVersion() {
        lane.heartbeat();
        sender.runAll();
        nameServer.queries.remove().complete(false);
        sender.runAll();

        assertThat(nameServer.registrations).hasSize(1);
        assertThat(nameServer.registrations.get(0).topics).isNull();
    }

    @Test
    void shouldSkipTheHeartbeatWhileARegistrationIsInFlight() {
        lane.changed("A");
        sender.runAll();
        lane.heartbeat();
        sender.runAll();

        assertThat(nameServer.queries).isEmpty();
    }

    @Test
    void shouldSendALostChangeAgainOnceTheNameServerAnswers() {
        CompletableFuture<Void> created = lane.changed("Lost");
        sender.runAll();
        nameServer.answer(0, false);
        assertThat(created).isCompleted();
        assertThat(sender.tasks).isEmpty(); // not at once: the name server may be down
        assertThat(later.tasks).hasSize(1);

        later.runAll();
        sender.runAll();
        nameServer.queries.remove().completeExceptionally(new IllegalStateException("down"));
        sender.runAll();
        assertThat(nameServer.registrations)
                .as("nothing re-sent to a name server that is down")
                .hasSize(1);

        later.runAll();
        sender.runAll();
        nameServer.queries.remove().complete(true);
        sender.runAll();

        assertThat(nameServer.registrations).hasSize(2);
        assertThat(nameServer.registrations.get(1).topics).containsExactly("Lost");
    }

    /**
     * A promoted slave's first registration as master lost: the name server still holds the same
     * address and table under the slave's id, so its data version matches and the question answers
     * "unchanged". The whole table must go again anyway.
     */
    @Test
    void shouldSendALostWholeTableAgainEvenWhenTheAnswerIsUnchanged() {
        lane.full();
        sender.runAll();
        nameServer.answer(0, false);

        later.runAll();
        sender.runAll();
        nameServer.queries.remove().complete(true);
        sender.runAll();

        assertThat(nameServer.registrations).hasSize(2);
        assertThat(nameServer.registrations.get(1).topics).isNull();
    }

    @Test
    void shouldAskAgainLaterWhenTheNameServerDoesNotAnswerTheQuestion() {
        lane.heartbeat();
        sender.runAll();
        nameServer.queries.remove().completeExceptionally(new IllegalStateException("down"));

        assertThat(nameServer.registrations).isEmpty();
        later.runAll();
        sender.runAll();
        assertThat(nameServer.queries).hasSize(1);
    }

    @Test
    void shouldBoundTheWaitWhenTheNameServerNeverAnswers() {
        RegistrationLane quick = new RegistrationLane(nameServer, sender, later, 50);
        CompletableFuture<Void> created = quick.changed("Slow");
        sender.runAll();

        assertThat(created).succeedsWithin(java.time.Duration.ofSeconds(10));
        assertThat(nameServer.registrations.get(0).answer).isNotDone();
    }

    /** Runs submitted tasks only when the test says so. */
    private static final class ManualExecutor implements Executor {
        final Queue<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            Runnable task;
            while ((task = tasks.poll()) != null) {
                task.run();
            }
        }
    }

    private record Registration(List<String> topics, CompletableFuture<Boolean> answer) {}

    /** Records calls; the test answers them. */
    private static final class FakeNameServer implements NameServerLink {
        final List<Registration> registrations = new ArrayList<>();
        final Queue<CompletableFuture<Boolean>> queries = new ArrayDeque<>();

        @Override
        public CompletableFuture<Boolean> register(Collection<String> topics) {
            CompletableFuture<Boolean> answer = new CompletableFuture<>();
            registrations.add(
                    new Registration(topics == null ? null : List.copyOf(topics), answer));
            return answer;
        }

        @Override
        public CompletableFuture<Boolean> unchanged() {
            CompletableFuture<Boolean> answer = new CompletableFuture<>();
            queries.add(answer);
            return answer;
        }

        void answer(int registration, boolean accepted) {
            registrations.get(registration).answer.complete(accepted);
        }
    }
}
