package io.bolide.broker.lite;

import java.util.function.Predicate;

/**
 * How a lite pop (POP_LITE_MESSAGE, a lite consumer's ReceiveMessage) picks its lite topics: the
 * client's ready set ({@link LiteReady}), oldest first, so it looks at the lite topics that may
 * have messages and not at every one it subscribed to.
 */
public final class LitePops {
    /** Pops up to {@code room} messages from one lite queue; returns how many it took. */
    public interface Take {
        int take(String queue, int room);
    }

    private LitePops() {}

    /**
     * Pops up to {@code max} messages for {@code clientId} of {@code group} reading {@code parent}
     * from its ready lite queues, each looked at once; a queue that is no longer subscribed leaves
     * the set unread.
     *
     * @return how many were taken
     */
    public static int serve(
            LiteSubscriptions subs,
            String group,
            String clientId,
            String parent,
            int max,
            Take take) {
        LiteReady.Client client = subs.ready().of(group, clientId);
        if (client == null || !subs.readsUnder(group, clientId, parent)) {
            return 0;
        }
        int taken = 0;
        for (int left = client.size(); left > 0 && taken < max; left--) {
            String queue = client.poll();
            if (queue == null) {
                break;
            }
            if (!subs.reads(group, clientId, parent, LiteNames.liteOf(queue))) {
                continue;
            }
            try {
                taken += take.take(queue, max - taken);
            } finally {
                subs.ready().popped(client, queue);
            }
        }
        return taken;
    }

    /** Whether a ready lite queue of the client passes {@code hasNews} (a held pop's check). */
    public static boolean anyReady(
            LiteSubscriptions subs,
            String group,
            String clientId,
            String parent,
            Predicate<String> hasNews) {
        LiteReady.Client client = subs.ready().of(group, clientId);
        if (client == null || !subs.readsUnder(group, clientId, parent)) {
            return false;
        }
        for (String queue : client.snapshot()) {
            if (hasNews.test(queue)) {
                return true;
            }
        }
        return false;
    }
}
