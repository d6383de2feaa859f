package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.rocketmq.common.lite.LiteSubscriptionAction;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.PopLiteMessageRequestHeader;

/**
 * Long polling of POP_LITE_MESSAGE (200070) for {@link LiteCodesDifferentialTest}: a pop with poll
 * time and nothing to take is held until its poll time ends or a message arrives in a lite topic
 * its client subscribed to; a pop without poll time is answered at once. Each step records the
 * answer and how long it took, in classes (at once, held to the poll time, woken before it).
 */
final class LitePolls {
    /** Formats a pop's answer as the differential compares it. */
    interface Answer {
        String of(RemotingCommand answer) throws Exception;
    }

    private static final String POLLER = "poller-1";
    private static final String LITE = "lp1";
    private static final long SHORT_POLL_MS = 2_000;
    private static final long LONG_POLL_MS = 10_000;

    private LitePolls() {}

    static void exercise(
            Wire wire,
            String address,
            String parent,
            String group,
            Map<String, String> out,
            Answer answer)
            throws Exception {
        LitePeers.ok(
                LitePeers.ctl(
                        wire,
                        address,
                        LiteSubscriptionAction.PARTIAL_ADD,
                        POLLER,
                        group,
                        parent,
                        Set.of(LITE)));
        long start = System.nanoTime();
        RemotingCommand none = wire.call(address, 200070, pop(parent, group, 0), null);
        out.put("pop without poll time, nothing there", timed(answer.of(none), start, 0));

        start = System.nanoTime();
        RemotingCommand held = wire.call(address, 200070, pop(parent, group, SHORT_POLL_MS), null);
        out.put("pop held, nothing arrives", timed(answer.of(held), start, SHORT_POLL_MS));

        start = System.nanoTime();
        CompletableFuture<RemotingCommand> waiting =
                CompletableFuture.supplyAsync(() -> call(wire, address, parent, group));
        // Still waiting after half a second: the pop is held, not answered empty.
        assertThatThrownBy(() -> waiting.get(500, TimeUnit.MILLISECONDS))
                .isInstanceOf(TimeoutException.class);
        LitePeers.send(wire, address, parent, LITE, "polled");
        RemotingCommand woken = waiting.get(LONG_POLL_MS + 10_000, TimeUnit.MILLISECONDS);
        out.put("pop held, woken by a send", timed(answer.of(woken), start, LONG_POLL_MS));
        assertThat(woken.getCode()).as(woken.getRemark()).isZero();
        // The quota steps after this one count every subscription of the broker.
        LitePeers.ok(
                LitePeers.ctl(
                        wire,
                        address,
                        LiteSubscriptionAction.COMPLETE_REMOVE,
                        POLLER,
                        group,
                        parent,
                        Set.of()));
    }

    private static RemotingCommand call(Wire wire, String address, String parent, String group) {
        try {
            return wire.call(address, 200070, pop(parent, group, LONG_POLL_MS), null);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    /** The answer and when it came: at once, at its poll time, or woken before it. */
    private static String timed(String answer, long startNanos, long pollMs) {
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        String when;
        if (pollMs > 0 && ms >= pollMs - 100) {
            when = "held to its poll time";
        } else if (ms < 500) {
            when = "at once";
        } else {
            when = "woken before its poll time";
        }
        return answer + " [" + when + "]";
    }

    private static PopLiteMessageRequestHeader pop(String topic, String group, long pollMs) {
        PopLiteMessageRequestHeader h = new PopLiteMessageRequestHeader();
        h.setClientId(POLLER);
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setMaxMsgNum(32);
        h.setInvisibleTime(60_000);
        h.setPollTime(pollMs);
        h.setBornTime(System.currentTimeMillis());
        return h;
    }
}
