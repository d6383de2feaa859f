package io.bolide.bench.e2e;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Name server and broker in one process, as {@code bolide start} runs them, for the end-to-end
 * benchmark until the dist module's launcher is on main (bench/run-e2e.sh chooses with {@code
 * BOLIDE_LAUNCHER}). Arguments: name server port, broker port, store directory.
 */
public final class BolideServer {
    private BolideServer() {}

    /** Serves until the process is signalled, then shuts down gracefully. */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("BolideServer <namesrvPort> <brokerPort> <storeDir>");
            System.exit(2);
        }
        int namesrvPort = Integer.parseInt(args[0]);
        NameServer nameServer =
                NameServer.start(NameServerConfig.builder().listenPort(namesrvPort).build());
        Broker broker =
                Broker.start(
                        BrokerConfig.builder()
                                .namesrvAddr("127.0.0.1:" + namesrvPort)
                                .listenPort(Integer.parseInt(args[1]))
                                .brokerIP1("127.0.0.1")
                                .storePathRootDir(Path.of(args[2]))
                                .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                                .autoCreateTopicEnable(true)
                                .build());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    broker.close();
                                    nameServer.close();
                                    stopped.countDown();
                                }));
        System.out.println("BOLIDE_READY " + broker.address());
        stopped.await();
    }
}
