package io.bolide.broker.admin;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.Components;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.DeleteSubscriptionGroupHandler;
import io.bolide.broker.consumer.GetAllSubscriptionGroupConfigHandler;
import io.bolide.broker.consumer.GetSubscriptionGroupConfigHandler;
import io.bolide.broker.consumer.UpdateAndCreateSubscriptionGroupHandler;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.topic.GetTopicConfigHandler;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RemotingServer;
import io.bolide.store.MessageStore;
import java.time.Clock;

/**
 * The admin plane's parts (subscription groups, live settings, traffic sampling) and the wiring of
 * the admin request codes that {@code DefaultMQAdminExt} / mqadmin and the dashboard use. Kept out
 * of {@link Components} so the assembly stays small.
 */
public final class AdminPlane {
    /** How long a call forwarded to a client (running info) may take. */
    static final long CLIENT_CALL_TIMEOUT_MS = 3_000;

    /** Period of the traffic sampler; its TPS figures assume one sample a second. */
    public static final long SAMPLE_PERIOD_MS = 1_000;

    private final BrokerConfig config;
    private final LiveSettings settings;
    private final SubscriptionGroupTable groups;
    private final long bootMillis = System.currentTimeMillis();
    private TrafficSampler traffic;

    public AdminPlane(BrokerConfig config, LiveSettings settings, SubscriptionGroupTable groups) {
        this.config = config;
        this.settings = settings;
        this.groups = groups;
    }

    /** Registers the admin handlers on {@code server}. */
    public void install(
            RemotingServer server,
            TopicTable topics,
            ConsumerOffsetTable offsets,
            ClientRegistry clients,
            MessageStore store) {
        traffic = new TrafficSampler(topics, offsets, store, Clock.systemDefaultZone());
        // the baseline: what the store held at boot is not today's traffic, all after it is
        traffic.sample();
        String name = config.brokerName();
        server.registerHandler(
                RequestCode.GET_TOPIC_STATS_INFO,
                new GetTopicStatsInfoHandler(topics, store, traffic, name));
        server.registerHandler(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigHandler(topics));
        server.registerHandler(
                RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                new QueryTopicConsumeByWhoHandler(clients, offsets));
        server.registerHandler(
                RequestCode.GET_CONSUME_STATS,
                new GetConsumeStatsHandler(topics, offsets, clients, store, traffic, name));
        server.registerHandler(
                RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                new InvokeBrokerToResetOffsetHandler(topics, offsets, clients, store, name));
        installGroups(server, offsets);
        installClients(server, clients);
        installBroker(server, topics, store);
    }

    private void installGroups(RemotingServer server, ConsumerOffsetTable offsets) {
        server.registerHandler(
                RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                new UpdateAndCreateSubscriptionGroupHandler(groups));
        server.registerHandler(
                RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                new GetAllSubscriptionGroupConfigHandler(groups));
        server.registerHandler(
                RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
                new GetSubscriptionGroupConfigHandler(groups));
        server.registerHandler(
                RequestCode.DELETE_SUBSCRIPTIONGROUP,
                new DeleteSubscriptionGroupHandler(groups, offsets));
    }

    private void installClients(RemotingServer server, ClientRegistry clients) {
        server.registerHandler(
                RequestCode.GET_CONSUMER_CONNECTION_LIST,
                new GetConsumerConnectionListHandler(clients));
        server.registerHandler(
                RequestCode.GET_PRODUCER_CONNECTION_LIST,
                new GetProducerConnectionListHandler(clients));
        server.registerHandler(
                RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoHandler(clients, CLIENT_CALL_TIMEOUT_MS));
    }

    private void installBroker(RemotingServer server, TopicTable topics, MessageStore store) {
        server.registerHandler(
                RequestCode.GET_BROKER_RUNTIME_INFO,
                new GetBrokerRuntimeInfoHandler(
                        store, traffic, topics, bootMillis, config.storePathRootDir()));
        server.registerHandler(RequestCode.GET_BROKER_CONFIG, new GetBrokerConfigHandler(settings));
        server.registerHandler(
                RequestCode.UPDATE_BROKER_CONFIG, new UpdateBrokerConfigHandler(settings));
    }

    /** Takes one traffic sample; scheduled every {@link #SAMPLE_PERIOD_MS}. */
    public void sample() {
        if (traffic != null) {
            traffic.sample();
        }
    }
}
