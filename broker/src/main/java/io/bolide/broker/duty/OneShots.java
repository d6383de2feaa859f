package io.bolide.broker.duty;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;
import org.agrona.concurrent.NanoClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tasks to run once after a delay on a {@link DutyThread} (a table write deferred to coalesce a
 * burst of changes): any thread {@linkplain #offer offers} one, the duty thread moves it into its
 * own list and runs it when due. A failing task is logged.
 */
final class OneShots implements Agent {
    private static final Logger LOG = LoggerFactory.getLogger(OneShots.class);

    private record Task(Runnable run, long dueNanos) {}

    private final ManyToOneConcurrentLinkedQueue<Task> incoming =
            new ManyToOneConcurrentLinkedQueue<>();
    private final List<Task> pending = new ArrayList<>();
    private final NanoClock clock;

    OneShots(NanoClock clock) {
        this.clock = clock;
    }

    /** Any thread: runs {@code task} once, {@code delayMs} from now. */
    void offer(Runnable task, long delayMs) {
        incoming.offer(new Task(task, clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs)));
    }

    @Override
    public int doWork() {
        for (Task task = incoming.poll(); task != null; task = incoming.poll()) {
            pending.add(task);
        }
        int ran = 0;
        long now = clock.nanoTime();
        for (Iterator<Task> it = pending.iterator(); it.hasNext(); ) {
            Task task = it.next();
            if (now - task.dueNanos() >= 0) {
                it.remove();
                ran++;
                try {
                    task.run().run();
                } catch (RuntimeException | Error e) {
                    LOG.warn("deferred task failed", e);
                }
            }
        }
        return ran;
    }

    /** Nanoseconds until the earliest taken task is due; Long.MAX_VALUE when none is. */
    long nanosUntilDue() {
        long wait = Long.MAX_VALUE;
        long now = clock.nanoTime();
        for (Task task : pending) {
            wait = Math.min(wait, task.dueNanos() - now);
        }
        return wait;
    }

    @Override
    public String roleName() {
        return "one-shot tasks";
    }
}
