package io.bolide.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.IdleStrategy;

/** The store's agent threads: started together, stopped in the order they were added. */
final class AgentGroup {
    private final StoreFailure failure;
    private final List<AgentRunner> runners = new ArrayList<>();

    AgentGroup(StoreFailure failure) {
        this.failure = failure;
    }

    void start(Agent agent, IdleStrategy idle) {
        AgentRunner runner =
                new AgentRunner(idle, error -> failure.fail(agent.roleName(), error), null, agent);
        runners.add(runner);
        AgentRunner.startOnThread(
                runner,
                task -> {
                    Thread thread = new Thread(task, agent.roleName());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Stops every agent (each runs its onClose), waking parked threads so this is prompt. */
    void stopAll() {
        for (AgentRunner runner : runners) {
            runner.close(5, LockSupport::unpark);
        }
        runners.clear();
    }
}
