package io.bolide.systest;

import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.testsupport.FaultProxy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * One broker group for the fault tests: a SYNC_MASTER and a slave, each in its own child JVM (so
 * either can be killed with SIGKILL and started again on its store and ports), a name server in
 * this JVM, and a {@link FaultProxy} on the replication link: the slave reaches the master's HA
 * port only through it. Also the official clients that drive and read the group.
 */
final class HaGroup implements AutoCloseable {
    static final String TOPIC = "FaultTopic";
    static final String BROKER_NAME = "broker-f";
    static final int QUEUES = 4;

    private final Path root;
    private final NameServer nameServer;
    private final int masterPort;
    private final int masterHaPort;
    private final int slavePort;
    private final FaultProxy link;
    private final DefaultMQAdminExt admin;
    private final QueueReader reader;
    private final DefaultMQProducer producer;
    private final DefaultMQPushConsumer consumer;
    private final FaultInbox inbox;
    private boolean keep = Boolean.getBoolean("bolide.ha.keep");
    private ChildBroker master;
    private ChildBroker slave;
    private int masterStarts;
    private int slaveStarts;

    private HaGroup(Path root, FaultBodies bodies) throws Exception {
        this.root = root;
        this.nameServer =
                NameServer.start(
                        NameServerConfig.builder().bindAddress(Cluster.HOST).listenPort(0).build());
        this.masterPort = freePort();
        this.masterHaPort = freePort();
        this.slavePort = freePort();
        this.link = FaultProxy.start(Cluster.HOST, masterHaPort);
        this.admin = MasterSlaveGroupTest.admin(namesrvAddr());
        this.reader = new QueueReader(admin);
        this.producer = Clients.producer(namesrvAddr(), "fault-producer");
        producer.setSendMsgTimeout(3_000);
        producer.setPollNameServerInterval(1_000);
        producer.setSendLatencyFaultEnable(false);
        this.inbox = new FaultInbox(bodies);
        this.consumer = Clients.pushConsumer(namesrvAddr(), "fault-consumer");
        consumer.setPollNameServerInterval(1_000);
        consumer.setConsumeThreadMin(4);
        consumer.setConsumeThreadMax(4);
        consumer.setConsumeMessageBatchMaxSize(32);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(inbox);
    }

    /**
     * Starts the master, creates the topic and the reader's group on it, then the slave; then the
     * producer and a push consumer that consumes throughout, from whichever member serves it.
     */
    static HaGroup start(FaultBodies bodies) throws Exception {
        Path runs = Files.createDirectories(Path.of("target", "ha-faults"));
        HaGroup group =
                new HaGroup(Files.createTempDirectory(runs, "run-").toAbsolutePath(), bodies);
        try {
            group.startMaster();
            group.admin.createAndUpdateTopicConfig(
                    group.masterAddress(), new TopicConfig(TOPIC, QUEUES, QUEUES, 6));
            SubscriptionGroupConfig readers = new SubscriptionGroupConfig();
            readers.setGroupName(QueueReader.GROUP);
            group.admin.createAndUpdateSubscriptionGroupConfig(group.masterAddress(), readers);
            group.startSlave();
            group.awaitSlaveCopiedMetadata();
            group.producer.start();
            Clients.awaitRoute(group.producer, TOPIC);
            group.consumer.start();
        } catch (Exception | Error e) {
            group.close();
            throw e;
        }
        return group;
    }

    /** The slave serves the topic and the reader's group once it copied them from the master. */
    private void awaitSlaveCopiedMetadata() {
        Clients.awaitCostly(
                "the slave copies the topic and the reader's group",
                () -> {
                    try {
                        return admin.examineTopicConfig(slaveAddress(), TOPIC) != null
                                && admin.examineSubscriptionGroupConfig(
                                                slaveAddress(), QueueReader.GROUP)
                                        != null;
                    } catch (Exception e) {
                        return false;
                    }
                });
    }

    String namesrvAddr() {
        return Cluster.address(nameServer);
    }

    String masterAddress() {
        return Cluster.HOST + ":" + masterPort;
    }

    String slaveAddress() {
        return Cluster.HOST + ":" + slavePort;
    }

    DefaultMQProducer producer() {
        return producer;
    }

    DefaultMQPushConsumer consumer() {
        return consumer;
    }

    FaultInbox inbox() {
        return inbox;
    }

    QueueReader reader() {
        return reader;
    }

    FaultProxy link() {
        return link;
    }

    /** Keeps the stores and logs after {@link #close()}, for a failure's diagnosis. */
    void keep() {
        keep = true;
    }

    /** Where the children write their output, one file per start. */
    Path logs() {
        return root.resolve("logs");
    }

    void startMaster() throws Exception {
        Map<String, String> config = common("master", masterPort);
        config.put("brokerRole", "SYNC_MASTER");
        config.put("haListenPort", Integer.toString(masterHaPort));
        master = ChildBroker.start(config, logs().resolve("master-" + ++masterStarts + ".log"));
        awaitListed(masterAddress());
    }

    void startSlave() throws Exception {
        Map<String, String> config = common("slave", slavePort);
        config.put("brokerRole", "SLAVE");
        config.put("brokerId", "1");
        config.put("slaveReadEnable", "true");
        config.put("haMasterAddress", Cluster.HOST + ":" + link.port());
        slave = ChildBroker.start(config, logs().resolve("slave-" + ++slaveStarts + ".log"));
        awaitListed(slaveAddress());
    }

    private void awaitListed(String address) throws Exception {
        if (!nameServer.awaitListed(address, Clients.DEADLINE.toMillis())) {
            throw new AssertionError(address + " did not register; logs in " + logs());
        }
    }

    private Map<String, String> common(String name, int port) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("brokerClusterName", "FaultCluster");
        config.put("brokerName", BROKER_NAME);
        config.put("brokerIP1", Cluster.HOST);
        config.put("bindAddress", Cluster.HOST);
        config.put("listenPort", Integer.toString(port));
        config.put("namesrvAddr", namesrvAddr());
        config.put("storePathRootDir", root.resolve(name).toString());
        config.put("flushDiskType", "ASYNC_FLUSH");
        // Small segments: rounds cross segment ends, where replication has its own rules.
        config.put("mappedFileSizeCommitLog", Integer.toString(4 << 20));
        config.put("syncFlushTimeout", "1000");
        config.put("haSendHeartbeatInterval", "500");
        config.put("haHousekeepingInterval", "3000");
        return config;
    }

    void killMaster() {
        master.kill();
    }

    void killSlave() {
        slave.kill();
    }

    /** A number from the broker's runtime info (GET_BROKER_RUNTIME_INFO). */
    long runtime(String address, String key) throws Exception {
        return Long.parseLong(admin.fetchBrokerRuntimeStats(address).getTable().get(key));
    }

    /** Each queue's end on the broker at {@code address}. */
    long[] queueEnds(String address) throws Exception {
        long[] ends = new long[QUEUES];
        for (int q = 0; q < QUEUES; q++) {
            ends[q] = reader.maxOffset(address, TOPIC, BROKER_NAME, q);
        }
        return ends;
    }

    /** Waits until the slave holds the master's whole commit log and has indexed all of it. */
    void awaitSlaveCaughtUp() {
        Clients.awaitCostly(
                "the slave catches up with the master",
                () -> {
                    try {
                        long end = runtime(masterAddress(), "commitLogMaxOffset");
                        return runtime(slaveAddress(), "commitLogMaxOffset") == end
                                && runtime(slaveAddress(), "dispatchBehindBytes") == 0
                                && runtime(masterAddress(), "dispatchBehindBytes") == 0;
                    } catch (Exception e) {
                        return false;
                    }
                });
    }

    /** Waits until the broker at {@code address} has indexed its whole commit log. */
    void awaitDispatched(String address) {
        Clients.awaitCostly(
                address + " indexes its whole commit log",
                () -> {
                    try {
                        return runtime(address, "dispatchBehindBytes") == 0;
                    } catch (Exception e) {
                        return false;
                    }
                });
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(Cluster.HOST))) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        consumer.shutdown();
        producer.shutdown();
        admin.shutdown();
        if (slave != null) {
            slave.kill();
        }
        if (master != null) {
            master.kill();
        }
        link.close();
        nameServer.close();
        if (!keep) {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }
}
