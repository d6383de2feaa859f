package io.bolide.testsupport;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs an official RocketMQ tool's command in this JVM without the fixed wait its client's shutdown
 * adds. A remoting client's shutdown stops its event thread ({@code NettyEventExecutor}, which
 * polls its queue 3 s at a time) without interrupting it and then joins it, so every command that
 * starts and stops a client (most of mqadmin's) sits out up to 3 s after it has printed its answer.
 * While the command's thread waits in that join, this interrupts the event thread: it then sees its
 * stop flag and ends, as the tool's other service threads do when their shutdown interrupts them.
 * The command runs unchanged on the calling thread; only the idle wait goes. {@code
 * -Dbolide.toolShutdown.plain=true} in the test JVM keeps the wait, to measure what it costs.
 */
public final class ToolShutdown {
    private static final String EVENT_THREAD = "NettyEventExecutor";
    private static final String SERVICE_THREAD = "org.apache.rocketmq.common.ServiceThread";
    private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private ToolShutdown() {}

    /** A tool command, or a client's shutdown. */
    @FunctionalInterface
    public interface Command {
        void run() throws Exception;
    }

    /** Runs {@code command} on this thread with the shutdown join cut short. */
    public static void run(Command command) throws Exception {
        if (Boolean.getBoolean("bolide.toolShutdown.plain")) {
            command.run();
            return;
        }
        Thread caller = Thread.currentThread();
        Watcher watcher = new Watcher(caller);
        Thread thread = new Thread(watcher, "tool-shutdown-watcher");
        thread.setDaemon(true);
        thread.start();
        try {
            command.run();
        } finally {
            watcher.done = true;
            LockSupport.unpark(thread);
        }
    }

    /** Watches the caller; interrupts event threads while the caller joins one in a shutdown. */
    private static final class Watcher implements Runnable {
        private final Thread caller;
        private volatile boolean done;

        Watcher(Thread caller) {
            this.caller = caller;
        }

        @Override
        public void run() {
            while (!done) {
                LockSupport.parkNanos(CHECK_NANOS);
                if (!done && joiningServiceThread(caller.getStackTrace())) {
                    interruptEventThreads();
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

    private static void interruptEventThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int count = root.enumerate(threads, true);
        for (int i = 0; i < count; i++) {
            Thread thread = threads[i];
            Thread.State state = thread.getState();
            if (thread.getName().equals(EVENT_THREAD)
                    && (state == Thread.State.TIMED_WAITING || state == Thread.State.WAITING)) {
                thread.interrupt();
            }
        }
    }
}
