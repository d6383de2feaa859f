package io.bolide.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

/**
 * The store's agent threads: started together, stopped in the order they were added. Stopping never
 * interrupts a thread (an interrupt closes any FileChannel it is using, which would cost the final
 * flush and checkpoint); it clears the running flag and unparks the thread.
 */
final class AgentGroup {
    private final StoreFailure failure;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    AgentGroup(StoreFailure failure) {
        this.failure = failure;
    }

    /** Lets agents started from now on run (after {@link #stopAll()}). */
    void resume() {
        running = true;
    }

    void start(Agent agent, IdleStrategy idle) {
        Thread thread = new Thread(() -> run(agent, idle), agent.roleName());
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private void run(Agent agent, IdleStrategy idle) {
        try {
            agent.onStart();
            while (running) {
                idle.idle(agent.doWork());
            }
            agent.onClose();
        } catch (Exception | Error e) {
            failure.fail(agent.roleName(), e);
        }
    }

    /** Stops every agent (each runs its onClose) and waits for its thread. */
    void stopAll() {
        running = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                LockSupport.unpark(thread);
                try {
                    thread.join(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        threads.clear();
    }
}
