package io.bolide.broker;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The single daemon threads the assembly runs side work on. */
final class Threads {
    private Threads() {}

    /** One thread with a short queue: a full queue answers SYSTEM_BUSY rather than growing. */
    static ExecutorService bounded(String name) {
        return new ThreadPoolExecutor(
                1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(64), r -> daemon(r, name));
    }

    /** One scheduling thread whose delayed tasks are dropped at shutdown. */
    static ScheduledExecutorService single(String name) {
        ScheduledThreadPoolExecutor executor =
                new ScheduledThreadPoolExecutor(1, r -> daemon(r, name));
        // Moot at shutdown: a registration retry.
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return executor;
    }

    /** Stops {@code executor}, waiting up to 5 s for what it is running. */
    static void stop(ExecutorService executor) throws InterruptedException {
        executor.shutdown();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread thread = new Thread(r, name);
        thread.setDaemon(true);
        return thread;
    }
}
