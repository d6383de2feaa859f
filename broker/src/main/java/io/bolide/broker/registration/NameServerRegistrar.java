package io.bolide.broker.registration;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.RegisterBrokerBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.RegisterBrokerRequestHeader;
import io.bolide.protocol.header.UnregisterBrokerRequestHeader;
import io.bolide.remoting.RemotingClient;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the broker known to every configured name server: a full REGISTER_BROKER periodically and
 * at start, an incremental one (only the new topics) after a topic is created, UNREGISTER_BROKER at
 * shutdown. Calls are asynchronous; a failed one is logged and retried a second later (once at a
 * time), so a broker whose first registration was lost on a starved host does not stay invisible to
 * clients for a whole period.
 */
public final class NameServerRegistrar {
    private static final Logger LOG = LoggerFactory.getLogger(NameServerRegistrar.class);
    private static final long TIMEOUT_MS = 3000;
    private static final long RETRY_MS = 1000;

    private final BrokerConfig config;
    private final String brokerAddr;
    private final TopicTable topics;
    private final RemotingClient client;
    private final List<String> nameServers;
    private final ScheduledExecutorService scheduler;
    private final AtomicBoolean retryPending = new AtomicBoolean();

    public NameServerRegistrar(
            BrokerConfig config,
            String brokerAddr,
            TopicTable topics,
            RemotingClient client,
            ScheduledExecutorService scheduler) {
        this.config = config;
        this.brokerAddr = brokerAddr;
        this.topics = topics;
        this.client = client;
        this.scheduler = scheduler;
        this.nameServers = parse(config.namesrvAddr());
    }

    static List<String> parse(String namesrvAddr) {
        List<String> addresses = new ArrayList<>();
        for (String part : namesrvAddr.split(";")) {
            if (!part.isBlank()) {
                addresses.add(part.trim());
            }
        }
        return addresses;
    }

    boolean hasNameServers() {
        return !nameServers.isEmpty();
    }

    /** Registers the whole topic table with every name server. */
    public void registerAll() {
        register(topics.snapshot());
    }

    /** Registers just {@code topic} (after it was created), keeping the table's version. */
    public void registerIncremental(TopicConfig topic) {
        register(
                new TopicConfigSerializeWrapper(
                        Map.of(topic.topicName(), topic), topics.version(), null, null, null));
    }

    private void register(TopicConfigSerializeWrapper table) {
        if (nameServers.isEmpty()) {
            return;
        }
        byte[] body = BodyCodec.encode(new RegisterBrokerBody(table, List.of()));
        CRC32 crc = new CRC32();
        crc.update(body);
        RegisterBrokerRequestHeader header =
                new RegisterBrokerRequestHeader()
                        .brokerName(config.brokerName())
                        .brokerAddr(brokerAddr)
                        .clusterName(config.brokerClusterName())
                        .haServerAddr(haServerAddr())
                        .brokerId(config.brokerId())
                        .enableActingMaster(false)
                        .compressed(false)
                        .bodyCrc32((int) (crc.getValue() & 0x7FFFFFFF));
        for (String address : nameServers) {
            client.invokeAsync(
                            address,
                            RequestCode.REGISTER_BROKER,
                            header,
                            Unpooled.wrappedBuffer(body),
                            TIMEOUT_MS)
                    .whenComplete((response, failure) -> registered(address, response, failure));
        }
    }

    private void registered(String address, RemotingCommand response, Throwable failure) {
        if (failure != null) {
            LOG.warn("register with name server {} failed: {}", address, failure.getMessage());
            retrySoon();
            return;
        }
        try {
            if (response.code() != ResponseCode.SUCCESS) {
                LOG.warn(
                        "name server {} refused registration: {} {}",
                        address,
                        response.code(),
                        response.remark());
                retrySoon();
            }
        } finally {
            response.release();
        }
    }

    /** Registers everything again shortly; a retry already waiting covers this failure too. */
    private void retrySoon() {
        if (!retryPending.compareAndSet(false, true)) {
            return;
        }
        try {
            scheduler.schedule(
                    () -> {
                        retryPending.set(false);
                        registerAll();
                    },
                    RETRY_MS,
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            retryPending.set(false); // shutting down: nothing to repair
        }
    }

    private String haServerAddr() {
        int colon = brokerAddr.lastIndexOf(':');
        return brokerAddr.substring(0, colon + 1) + config.haListenPort();
    }

    /** Unregisters from every name server, waiting briefly for each answer. */
    public void unregisterAll() {
        UnregisterBrokerRequestHeader header =
                new UnregisterBrokerRequestHeader()
                        .brokerName(config.brokerName())
                        .brokerAddr(brokerAddr)
                        .clusterName(config.brokerClusterName())
                        .brokerId(config.brokerId());
        for (String address : nameServers) {
            try {
                client.invokeSync(address, RequestCode.UNREGISTER_BROKER, header, null, TIMEOUT_MS)
                        .release();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                LOG.warn("unregister from name server {} failed: {}", address, e.getMessage());
            }
        }
    }
}
