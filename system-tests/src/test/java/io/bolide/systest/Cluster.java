package io.bolide.systest;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.FlushDiskType;
import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Name servers and brokers in this JVM for the cluster tests: any number of each, on free loopback
 * ports, every broker registered with every name server, stores under one temporary directory.
 */
final class Cluster implements AutoCloseable {
    static final String HOST = "127.0.0.1";

    private final Path root;
    private final List<NameServer> nameServers = new ArrayList<>();
    private final List<Broker> brokers = new ArrayList<>();

    Cluster(int nameServerCount) throws Exception {
        root = Files.createTempDirectory("bolide-cluster-");
        for (int i = 0; i < nameServerCount; i++) {
            nameServers.add(
                    NameServer.start(
                            NameServerConfig.builder().bindAddress(HOST).listenPort(0).build()));
        }
    }

    /** Every name server, as {@code namesrvAddr} lists them. */
    String namesrvAddr() {
        StringBuilder all = new StringBuilder();
        for (NameServer nameServer : nameServers) {
            if (nameServer == null) {
                continue;
            }
            all.append(all.length() == 0 ? "" : ";").append(address(nameServer));
        }
        return all.toString();
    }

    NameServer nameServer(int index) {
        return nameServers.get(index);
    }

    static String address(NameServer nameServer) {
        return HOST + ":" + nameServer.port();
    }

    Path store(String name) {
        return root.resolve(name);
    }

    /**
     * Starts a broker storing under {@code store(dir)} and waits until every live name server lists
     * it.
     */
    Broker broker(String dir, String brokerName, Consumer<BrokerConfig.Builder> customizer)
            throws Exception {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .brokerClusterName("DefaultCluster")
                        .brokerName(brokerName)
                        .brokerIP1(HOST)
                        .flushDiskType(FlushDiskType.ASYNC_FLUSH)
                        .autoCreateTopicEnable(true)
                        .namesrvAddr(namesrvAddr())
                        .listenPort(0)
                        .storePathRootDir(store(dir))
                        .set("bindAddress", HOST);
        customizer.accept(config);
        Broker broker = Broker.start(config.build());
        brokers.add(broker);
        for (NameServer nameServer : nameServers) {
            if (nameServer != null && !nameServer.awaitListed(broker.address(), 30_000)) {
                throw new IOException(broker.address() + " did not register");
            }
        }
        return broker;
    }

    /** Copies a closed broker's store, as a slave would hold it once replication caught up. */
    void copyStore(String from, String to) throws IOException {
        Path source = store(from);
        try (Stream<Path> files = Files.walk(source)) {
            files.forEach(
                    path -> {
                        try {
                            Path target = store(to).resolve(source.relativize(path).toString());
                            if (Files.isDirectory(path)) {
                                Files.createDirectories(target);
                            } else if (!path.getFileName().toString().equals("lock")) {
                                Files.copy(path, target);
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
    }

    /** Stops a name server (its peers go on alone). */
    void stopNameServer(int index) {
        NameServer stopped = nameServers.get(index);
        stopped.close();
        nameServers.set(index, null);
    }

    /** Stops a broker gracefully (it unregisters from the name servers). */
    void stop(Broker broker) {
        broker.close();
        brokers.remove(broker);
    }

    @Override
    public void close() throws IOException {
        brokers.forEach(Broker::close);
        nameServers.stream().filter(n -> n != null).forEach(NameServer::close);
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
