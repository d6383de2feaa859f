package io.bolide.broker.pull;

import com.sun.management.OperatingSystemMXBean;
import io.bolide.broker.BrokerConfig;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.lang.management.ManagementFactory;

/** The pull path and long polling. */
public final class PullFeature {
    private PullFeature() {}

    /** The tables a pull reads: topics, consumer groups' members, offsets and group settings. */
    public record Tables(
            TopicTable topics,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups) {}

    /**
     * Serves PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361), and starts {@code hold} (the store's
     * arrival listener) re-running held pulls.
     */
    public static void install(
            Codes codes,
            BrokerConfig config,
            Tables tables,
            MessageStore store,
            PullHoldAgent hold,
            String address) {
        ReadFromSlaveRule rule =
                new ReadFromSlaveRule(
                        config.brokerId(),
                        config.slaveReadEnable(),
                        (long)
                                (physicalMemory()
                                        * (config.accessMessageInMemoryMaxRatio() / 100.0)),
                        store);
        Puller puller = new Puller(store, hold, rule);
        hold.start(puller);
        RequestHandler pull =
                new PullMessageHandler(
                        config,
                        tables.topics(),
                        tables.clients(),
                        tables.offsets(),
                        puller,
                        tables.groups(),
                        address);
        codes.serve(RequestCode.PULL_MESSAGE, pull);
        codes.serve(RequestCode.LITE_PULL_MESSAGE, pull);
    }

    /** The machine's physical memory, as the reference's store measures it. */
    private static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return Runtime.getRuntime().maxMemory(); // a JVM without the JDK's extension: a floor
    }
}
