package io.bolide.bench.e2e;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.hook.FilterMessageContext;
import org.apache.rocketmq.client.hook.FilterMessageHook;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * Stamps each pulled message with the time its pull response was decoded in the client. The client
 * runs filter hooks on the pull callback, before the messages wait for a consume thread, so the
 * stamp separates the broker's share of the end-to-end latency from the client's queueing.
 */
final class ArrivalHook {
    private static final String ARRIVED = "BENCH_ARRIVED_MS";

    /**
     * Pull responses and the messages they carried: a consumer that keeps up gets small batches;
     * full batches (the client's pullBatchSize, 32) mean its one pull in flight per queue lags.
     */
    final LongAdder pulls = new LongAdder();

    final LongAdder pulled = new LongAdder();

    private final PullTrace trace;

    ArrivalHook(PullTrace trace) {
        this.trace = trace;
    }

    /**
     * The hook for one consumer of {@code group}: the client fills only the message list of the
     * context it hands to filter hooks (not the group, not the queue), so each group gets its own.
     */
    FilterMessageHook forGroup(String group) {
        return new FilterMessageHook() {
            @Override
            public String hookName() {
                return "bench-arrival";
            }

            @Override
            public void filterMessage(FilterMessageContext context) {
                stamp(group, context.getMsgList());
            }
        };
    }

    private void stamp(String group, List<MessageExt> messages) {
        pulls.increment();
        pulled.add(messages.size());
        long arrived = System.currentTimeMillis();
        String now = Long.toString(arrived);
        for (MessageExt message : messages) {
            MessageAccessor.putProperty(message, ARRIVED, now);
        }
        if (!messages.isEmpty()) {
            MessageExt first = messages.get(0);
            trace.arrived(
                    group,
                    first.getTopic(),
                    first.getQueueId(),
                    first.getQueueOffset(),
                    first.getBornTimestamp(),
                    first.getStoreTimestamp(),
                    arrived);
        }
    }

    /** When {@code message} arrived, or {@code fallback} if it was not stamped. */
    static long arrivedMillis(MessageExt message, long fallback) {
        String arrived = message.getProperty(ARRIVED);
        return arrived == null ? fallback : Long.parseLong(arrived);
    }
}
