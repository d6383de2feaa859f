package io.bolide.broker;

import io.bolide.broker.admin.LiveSettings;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.AdminSettings;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerSettings;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerFeature;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.pull.PullHoldAgent;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.send.SendFeature;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.store.MessageStore;
import io.bolide.testsupport.ApacheOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;

/**
 * The parts a feature's handlers need (configuration, topic and offset tables, a real store in a
 * temporary directory, the advertised address) served on an {@link EmbeddedServer}: a test installs
 * the feature it tests, then calls it with requests built by Apache 5.4.0's header classes and
 * reads the answer with Apache's decoder. No broker process, no socket, no scheduler.
 */
public final class EmbeddedBroker implements AutoCloseable {
    /** The address the fixture advertises (the store host of every record it writes). */
    public static final String HOST = "127.0.0.1";

    public static final int PORT = 10911;

    private final Path dir;
    private final BrokerConfig config;
    private final MessageStore store;
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final ClientRegistry clients;
    private final BrokerSettings settings;
    private final EmbeddedServer server = new EmbeddedServer();
    private final Codes codes = new Codes(server::register);
    private final Advertised self = Advertised.choose(HOST, PORT);
    private final BrokerStats stats = new BrokerStats(Clock.systemUTC());

    private EmbeddedBroker(Path dir, BrokerConfig config) throws IOException {
        this.dir = dir;
        this.config = config;
        this.store = MessageStore.open(BrokerParts.storeConfig(config, new PullHoldAgent()));
        Path configDir = dir.resolve("config");
        this.topics = new TopicTable(new JsonFile(configDir.resolve("topics.json")));
        topics.load(config);
        this.offsets =
                new ConsumerOffsetTable(new JsonFile(configDir.resolve("consumerOffset.json")));
        this.settings = new BrokerSettings(config);
        this.groups =
                new SubscriptionGroupTable(
                        new JsonFile(configDir.resolve("subscriptionGroup.json")),
                        () -> settings.current().autoCreateSubscriptionGroup());
        this.clients = new ClientRegistry(topics, groups);
    }

    /** A fixture with the test broker settings (see {@link TestBrokers}). */
    public static EmbeddedBroker open() throws IOException {
        return open(b -> b);
    }

    /** A fixture with {@code customizer}'s settings on top of the test broker settings. */
    public static EmbeddedBroker open(UnaryOperator<BrokerConfig.Builder> customizer)
            throws IOException {
        Path dir = Files.createTempDirectory("bolide-embedded-broker");
        return new EmbeddedBroker(dir, customizer.apply(TestBrokers.config(dir)).build());
    }

    public BrokerConfig config() {
        return config;
    }

    public MessageStore store() {
        return store;
    }

    public TopicTable topics() {
        return topics;
    }

    public ConsumerOffsetTable offsets() {
        return offsets;
    }

    public SubscriptionGroupTable groups() {
        return groups;
    }

    public ClientRegistry clients() {
        return clients;
    }

    /** The settings admin tools read and change, as the assembly adapts them. */
    public LiveSettings liveSettings() {
        return new AdminSettings(settings);
    }

    /** Where a feature's {@code install} registers its handlers. */
    public Codes codes() {
        return codes;
    }

    public Advertised self() {
        return self;
    }

    /** The statistics the send, pull and retry paths count into. */
    public BrokerStats stats() {
        return stats;
    }

    /** A delay router over this configuration's levels (no delivery thread runs). */
    public DelayRouter delays() {
        return new DelayRouter(config.delayConfig());
    }

    /** Serves the send codes over this fixture's tables, store, delays and statistics. */
    public void installSend() {
        SendFeature.install(codes, config, topics, store, delays(), self, stats);
    }

    /** Serves the consumer codes (heartbeats, offsets, groups, queue locks: 60 s). */
    public void installConsumer() {
        ConsumerFeature.install(codes, clients, offsets, groups, store, 60_000);
    }

    public EmbeddedServer server() {
        return server;
    }

    /**
     * Sends one request (Apache's encoding in {@code type}) and returns the answer as Apache
     * decodes it; fails if the handler wrote nothing.
     */
    public RemotingCommand call(
            int code, CommandCustomHeader header, byte[] body, SerializeType type) {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setSerializeTypeCurrentRPC(type);
        request.setBody(body);
        return call(request);
    }

    /** Sends {@code request} as built and returns the decoded answer. */
    public RemotingCommand call(RemotingCommand request) {
        write(request);
        RemotingCommand answer = next();
        if (answer == null) {
            throw new AssertionError("no answer to request code " + request.getCode());
        }
        return answer;
    }

    /** Writes {@code command} (a request, or a client's answer to the broker) to the server. */
    public void write(RemotingCommand command) {
        server.writeInbound(ApacheOracle.encode(command, false));
    }

    /** The next frame the server wrote, decoded by Apache, or null if it wrote none. */
    public RemotingCommand next() {
        byte[] frame = server.readOutboundBytes();
        if (frame == null) {
            return null;
        }
        try {
            return ApacheOracle.decode(frame);
        } catch (Exception e) {
            throw new AssertionError("undecodable frame from the server", e);
        }
    }

    /**
     * The next answer the server wrote, skipping the requests it sent the client meanwhile
     * (NOTIFY_CONSUMER_IDS_CHANGED), or null if none is waiting.
     */
    public RemotingCommand nextAnswer() {
        RemotingCommand frame = next();
        while (frame != null && !frame.isResponseType()) {
            frame = next();
        }
        return frame;
    }

    @Override
    public void close() throws IOException {
        server.close();
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
