package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.duty.DutyThread;
import io.bolide.broker.table.TopicTable;

/**
 * What a live change of the broker's settings (UPDATE_BROKER_CONFIG) does beyond the parts that
 * read the settings at each use: the duty threads look at their periods again (a shorter one brings
 * the next round forward), a master's built-in topics follow autoCreateTopicEnable,
 * defaultTopicQueueNums and traceTopicEnable, the send path's longest timer delay follows
 * timerMaxDelaySec, and maxMessageSize may not rise above the value the store and the gRPC endpoint
 * were sized with at start.
 */
final class LiveParts {
    private LiveParts() {}

    /** Wires the above for a broker that started with {@code started}. */
    static void follow(
            BrokerSettings settings,
            BrokerConfig started,
            TopicTable topics,
            DelayRouter delays,
            DutyThread... threads) {
        int sized = started.maxMessageSize();
        settings.guard(
                next ->
                        next.maxMessageSize() <= sized
                                ? null
                                : "broker config key 'maxMessageSize' can change live up to "
                                        + sized
                                        + ", the value the broker started with: the store's"
                                        + " record limit and the gRPC endpoint's inbound limit"
                                        + " are sized from it at start; set it in broker.conf"
                                        + " and restart to raise it further");
        boolean master = started.brokerRole().isMaster();
        settings.onChange(
                changed -> {
                    if (master) {
                        topics.builtInsChanged(changed);
                    }
                    delays.maxDelaySec(changed.delayConfig().timerMaxDelaySec());
                    for (DutyThread thread : threads) {
                        thread.wake();
                    }
                });
    }
}
