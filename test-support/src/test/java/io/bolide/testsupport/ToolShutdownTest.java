package io.bolide.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.rocketmq.common.ServiceThread;
import org.junit.jupiter.api.Test;

class ToolShutdownTest {
    /**
     * A service thread that waits on its queue as the remoting client's event thread does, only
     * with a poll far longer than the join a plain shutdown allows (90 s): its shutdown returns
     * promptly only if the thread is interrupted.
     */
    static final class EventThread extends ServiceThread {
        final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        final AtomicBoolean interrupted = new AtomicBoolean();

        @Override
        public String getServiceName() {
            return "NettyEventExecutor";
        }

        @Override
        public void run() {
            while (!isStopped()) {
                try {
                    queue.poll(1, TimeUnit.HOURS);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                }
            }
        }
    }

    @Test
    void shouldEndTheEventThreadTheShutdownJoins() throws Exception {
        EventThread events = new EventThread();
        events.start();
        Thread thread = findThread("NettyEventExecutor");
        Await.until(
                () -> thread.getState() == Thread.State.TIMED_WAITING, "the event thread polling");

        ToolShutdown.run(events::shutdown);

        assertThat(events.interrupted).isTrue();
        assertThat(thread.isAlive()).isFalse();
    }

    /**
     * The build runs every test under {@link ToolShutdownExtension}: a shutdown on the test's own
     * thread, without {@link ToolShutdown#run}, is cut short as well.
     */
    @Test
    void shouldEndTheEventThreadAShutdownOnTheTestThreadJoins() {
        EventThread events = new EventThread();
        events.start();
        Thread thread = findThread("NettyEventExecutor");
        Await.until(
                () -> thread.getState() == Thread.State.TIMED_WAITING, "the event thread polling");

        events.shutdown();

        assertThat(events.interrupted).isTrue();
        assertThat(thread.isAlive()).isFalse();
    }

    @Test
    void shouldLeaveACommandThatIsNotInAShutdownAlone() throws Exception {
        assertThat(ToolShutdown.joiningServiceThread(Thread.currentThread().getStackTrace()))
                .isFalse();
        AtomicBoolean ran = new AtomicBoolean();
        ToolShutdown.run(() -> ran.set(true));
        assertThat(ran).isTrue();
    }

    private static Thread findThread(String name) {
        Thread[] found = new Thread[1];
        Await.until(
                () -> {
                    for (Thread t : Thread.getAllStackTraces().keySet()) {
                        if (t.getName().equals(name) && t.isAlive()) {
                            found[0] = t;
                            return true;
                        }
                    }
                    return false;
                },
                "the event thread started");
        return found[0];
    }
}
