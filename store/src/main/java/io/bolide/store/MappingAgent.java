package io.bolide.store;

import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;

/**
 * Keeps the store's mapped pages under the {@link MappingBudget}: every 100 ms it trims the least
 * recently used windows (on the housekeeping thread, so neither the writer nor a reader pays for an
 * unmap). At 200 MB/s of appends the resident set overshoots the limit by ~20 MB at most.
 */
final class MappingAgent implements Agent {
    static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final MappingBudget budget;
    private long lastNanos = System.nanoTime();

    MappingAgent(MappingBudget budget) {
        this.budget = budget;
    }

    @Override
    public int doWork() {
        long now = System.nanoTime();
        if (now - lastNanos < INTERVAL_NANOS) {
            return 0;
        }
        lastNanos = now;
        return budget.trim();
    }

    @Override
    public String roleName() {
        return "bolide-store-mapping";
    }
}
