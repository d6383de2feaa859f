package io.bolide.broker.pull;

import com.sun.management.OperatingSystemMXBean;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/** The pull path and long polling. */
public final class PullFeature {
    private PullFeature() {}

    /** Where pulls are served: the broker's address (for remarks) and its statistics. */
    public record Site(String brokerAddress, BrokerStats stats, ColdReads cold) {}

    /**
     * Serves PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361), and starts {@code hold} (the store's
     * arrival listener) re-running held pulls. {@code config} is read on every pull, so the keys
     * the pull path reads can change while the broker runs.
     */
    public static void install(
            Codes codes,
            Supplier<BrokerConfig> config,
            TopicTable topics,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            MessageStore store,
            PullHoldAgent hold,
            Site site) {
        BrokerConfig now = config.get();
        long memory = physicalMemory();
        ReadFromSlaveRule rule =
                new ReadFromSlaveRule(
                        now.brokerId(),
                        () -> config.get().slaveReadEnable(),
                        () ->
                                (long)
                                        (memory
                                                * (config.get().accessMessageInMemoryMaxRatio()
                                                        / 100.0)),
                        store);
        Puller puller = new Puller(store, hold, rule, site.stats(), site.cold());
        hold.start(puller);
        RequestHandler pull =
                new PullMessageHandler(
                        config,
                        topics,
                        clients,
                        offsets,
                        puller,
                        site.brokerAddress(),
                        site.cold());
        codes.serve(RequestCode.PULL_MESSAGE, pull);
        codes.serve(RequestCode.LITE_PULL_MESSAGE, pull);
    }

    /** The machine's physical memory, as the reference's store measures it. */
    public static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return Runtime.getRuntime().maxMemory(); // a JVM without the JDK's extension: a floor
    }
}
