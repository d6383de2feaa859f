package io.bolide.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Cuts out the fixed wait an official RocketMQ client's shutdown adds. A remoting client's shutdown
 * stops its event thread ({@code NettyEventExecutor}, which polls its queue 3 s at a time) without
 * interrupting it and then joins it, so every producer, consumer, admin tool or mqadmin command
 * that starts and stops a client sits out up to 3 s after it has done its work. While a watched
 * thread waits in that join, this interrupts the event threads: the one being stopped then sees its
 * stop flag and ends, as the client's other service threads do when their shutdown interrupts them;
 * a running client's event thread takes the interrupt as a spurious wake-up and polls on.
 *
 * <p>{@link #run} watches the calling thread for one command; {@link ToolShutdownExtension} watches
 * the thread of every test and lifecycle method, and the build registers it for every test class.
 * The code runs unchanged on its own thread; only the idle wait goes. {@code
 * -Dbolide.toolShutdown.plain=true} in the test JVM keeps the wait, to measure what it costs.
 */
public final class ToolShutdown {
    private static final String EVENT_THREAD = "NettyEventExecutor";
    private static final String SERVICE_THREAD = "org.apache.rocketmq.common.ServiceThread";
    private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** Watched threads, each with how many nested {@link #call}s watch it. */
    private static final ConcurrentHashMap<Thread, Integer> WATCHED = new ConcurrentHashMap<>();

    private ToolShutdown() {}

    /** A tool command, or a client's shutdown. */
    @FunctionalInterface
    public interface Command {
        void run() throws Exception;
    }

    /** Code that returns a value and may throw anything (a JUnit invocation). */
    @FunctionalInterface
    interface Call<T> {
        T call() throws Throwable;
    }

    /** Runs {@code command} on this thread with the shutdown join cut short. */
    public static void run(Command command) throws Exception {
        try {
            call(
                    () -> {
                        command.run();
                        return null;
                    });
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Whether the wait is kept ({@code -Dbolide.toolShutdown.plain=true}). */
    static boolean plain() {
        return Boolean.getBoolean("bolide.toolShutdown.plain");
    }

    /** Calls {@code code} on this thread, watching it while it runs. */
    static <T> T call(Call<T> code) throws Throwable {
        if (plain()) {
            return code.call();
        }
        Thread caller = Thread.currentThread();
        if (WATCHED.merge(caller, 1, Integer::sum) == 1) {
            LockSupport.unpark(Watcher.THREAD);
        }
        try {
            return code.call();
        } finally {
            WATCHED.computeIfPresent(caller, (thread, count) -> count == 1 ? null : count - 1);
        }
    }

    /**
     * One daemon thread for the JVM: while any thread is watched it looks every 5 ms; only when an
     * event thread waits and a watched thread waits too does it read that thread's stack.
     */
    private static final class Watcher implements Runnable {
        static final Thread THREAD = start();

        private static Thread start() {
            Thread thread = new Thread(new Watcher(), "tool-shutdown-watcher");
            thread.setDaemon(true);
            thread.start();
            return thread;
        }

        @Override
        public void run() {
            while (true) {
                if (WATCHED.isEmpty()) {
                    LockSupport.park(this);
                } else {
                    LockSupport.parkNanos(this, CHECK_NANOS);
                    check();
                }
            }
        }

        private static void check() {
            List<Thread> events = waitingEventThreads();
            if (events.isEmpty()) {
                return;
            }
            for (Thread caller : WATCHED.keySet()) {
                if (waiting(caller) && joiningServiceThread(caller.getStackTrace())) {
                    events.forEach(Thread::interrupt);
                    return;
                }
            }
        }
    }

    /** Whether the stack is a ServiceThread's shutdown waiting in Thread.join. */
    static boolean joiningServiceThread(StackTraceElement[] stack) {
        boolean joining = false;
        for (StackTraceElement frame : stack) {
            String owner = frame.getClassName();
            if (owner.equals("java.lang.Thread") && frame.getMethodName().equals("join")) {
                joining = true;
            } else if (!owner.startsWith("java.") && !owner.startsWith("jdk.")) {
                return joining
                        && owner.equals(SERVICE_THREAD)
                        && frame.getMethodName().equals("shutdown");
            }
        }
        return false;
    }

    private static boolean waiting(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.TIMED_WAITING || state == Thread.State.WAITING;
    }

    private static List<Thread> waitingEventThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int count = root.enumerate(threads, true);
        List<Thread> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Thread thread = threads[i];
            if (thread.getName().equals(EVENT_THREAD) && waiting(thread)) {
                events.add(thread);
            }
        }
        return events;
    }
}
