package io.bolide.broker.registration;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RemotingClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the broker known to every configured name server, at a cost that follows what changed: the
 * whole table at start and after a deletion; only the changed topics after a creation or update,
 * coalesced while a registration is in flight; and on the periodic heartbeat a QUERY_DATA_VERSION,
 * with the whole table only when the name server's version differs (it restarted, or a registration
 * was lost). UNREGISTER_BROKER at shutdown. One {@link RegistrationLane} per name server, so a dead
 * one delays nobody's registration elsewhere.
 */
public final class NameServerRegistrar {
    private static final Logger LOG = LoggerFactory.getLogger(NameServerRegistrar.class);
    private static final long TIMEOUT_MS = 3000;
    private static final long RETRY_MS = 1000;
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final List<String> nameServers;
    private final List<RegistrationLane> lanes = new ArrayList<>();
    private final RemotingClient client;
    private final BrokerIdentity broker;
    private final MasterAddress master;
    private final HeaderSigner signer;
    private final AtomicInteger permission;

    /**
     * @param haServerAddr the {@code host:port} this broker accepts replication on
     * @param thread encodes and sends the registrations, and runs the retries
     */
    public NameServerRegistrar(
            BrokerConfig config,
            String brokerAddr,
            String haServerAddr,
            TopicTable topics,
            RemotingClient client,
            ScheduledExecutorService thread) {
        this(config, brokerAddr, haServerAddr, topics, client, thread, HeaderSigner.NONE);
    }

    /**
     * @param haServerAddr the {@code host:port} this broker accepts replication on
     * @param thread encodes and sends the registrations, and runs the retries
     * @param signer adds the broker's credentials to each request
     */
    public NameServerRegistrar(
            BrokerConfig config,
            String brokerAddr,
            String haServerAddr,
            TopicTable topics,
            RemotingClient client,
            ScheduledExecutorService thread,
            HeaderSigner signer) {
        this.client = client;
        this.signer = signer;
        this.permission = new AtomicInteger(config.brokerPermission());
        this.nameServers = parse(config.namesrvAddr());
        this.broker =
                new BrokerIdentity(
                        config.brokerClusterName(),
                        config.brokerName(),
                        brokerAddr,
                        config.brokerId(),
                        haServerAddr,
                        config.advertisedAddresses().isEmpty()
                                ? null
                                : config.advertisedAddresses().toString());
        this.master =
                config.brokerRole().isMaster() ? null : new MasterAddress(config.haMasterAddress());
        for (String address : nameServers) {
            NameServerLink link =
                    new RemoteNameServer(
                            address,
                            client,
                            topics,
                            broker,
                            TIMEOUT_MS,
                            master,
                            signer,
                            permission::get);
            lanes.add(
                    new RegistrationLane(
                            link,
                            thread,
                            task -> thread.schedule(task, RETRY_MS, TimeUnit.MILLISECONDS),
                            TIMEOUT_MS));
        }
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

    /** A slave's master as the name servers describe it; null on a master. */
    public MasterAddress master() {
        return master;
    }

    /**
     * Takes the broker's permission bits as changed live; returns whether they changed (the caller
     * then has the table registered again under a new version).
     */
    public boolean permission(int perm) {
        return permission.getAndSet(perm) != perm;
    }

    /**
     * Registers the whole topic table with every name server; completes when each answered (or its
     * lane gave up waiting).
     */
    public CompletableFuture<Void> registerAll() {
        return CompletableFuture.allOf(
                lanes.stream().map(RegistrationLane::full).toArray(CompletableFuture[]::new));
    }

    /**
     * The periodic check with every name server; see {@link RegistrationLane#heartbeat()}. A slave
     * registers in full instead, as the reference's brokers do every period: only a registration's
     * answer names the master, so this is how a slave follows a master that moved.
     */
    public void heartbeat() {
        if (master != null) {
            lanes.forEach(RegistrationLane::full);
        } else {
            lanes.forEach(RegistrationLane::heartbeat);
        }
    }

    /**
     * Registers a created or updated topic (null after a deletion: the whole table); completes when
     * every name server answered, or after a few seconds when one does not.
     */
    public CompletableFuture<Void> topicChanged(TopicConfig topic) {
        if (lanes.isEmpty()) {
            return DONE;
        }
        if (lanes.size() == 1) {
            return change(lanes.get(0), topic);
        }
        CompletableFuture<?>[] all = new CompletableFuture<?>[lanes.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = change(lanes.get(i), topic);
        }
        return CompletableFuture.allOf(all);
    }

    private static CompletableFuture<Void> change(RegistrationLane lane, TopicConfig topic) {
        return topic == null ? lane.full() : lane.changed(topic.topicName());
    }

    /** Unregisters from every name server, waiting briefly for each answer. */
    public void unregisterAll() {
        for (String address : nameServers) {
            try {
                client.invokeSync(
                                address,
                                RequestCode.UNREGISTER_BROKER,
                                signer.sign(broker.unregisterHeader(), null),
                                null,
                                TIMEOUT_MS)
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
