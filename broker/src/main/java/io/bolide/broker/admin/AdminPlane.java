package io.bolide.broker.admin;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.UpdateConfigHandler;
import io.bolide.store.MessageStore;
import java.time.Clock;

/**
 * The admin plane: the codes {@code DefaultMQAdminExt} / mqadmin and the dashboard use to read the
 * broker's state (topic and consume statistics, connections, runtime figures, configuration), and
 * the traffic sampler behind their TPS figures.
 */
public final class AdminPlane {
    /** How long a call forwarded to a client (running info) may take. */
    static final long CLIENT_CALL_TIMEOUT_MS = 3_000;

    /** Period of the traffic sampler; its TPS figures assume one sample a second. */
    public static final long SAMPLE_PERIOD_MS = 1_000;

    private final TrafficSampler traffic;

    private final long bootMillis;

    private AdminPlane(TrafficSampler traffic, long bootMillis) {
        this.traffic = traffic;
        this.bootMillis = bootMillis;
    }

    /**
     * Serves the admin codes ({@code bootMillis}: when the broker started) and takes the traffic
     * baseline: what the store held at boot is not today's traffic, all after it is.
     */
    public static AdminPlane install(
            Codes codes,
            BrokerConfig config,
            LiveSettings settings,
            TopicTable topics,
            ConsumerOffsetTable offsets,
            ClientRegistry clients,
            MessageStore store,
            long bootMillis) {
        TrafficSampler traffic =
                new TrafficSampler(topics, offsets, store, Clock.systemDefaultZone());
        traffic.sample();
        String name = config.brokerName();
        codes.serve(
                RequestCode.GET_TOPIC_STATS_INFO,
                new GetTopicStatsInfoHandler(topics, store, traffic, name));
        codes.serve(
                RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                new QueryTopicConsumeByWhoHandler(clients, offsets));
        codes.serve(
                RequestCode.GET_CONSUME_STATS,
                new GetConsumeStatsHandler(topics, offsets, clients, store, traffic, name));
        codes.serve(
                RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                new InvokeBrokerToResetOffsetHandler(topics, offsets, clients, store, name));
        installClients(codes, clients);
        codes.serve(
                RequestCode.GET_BROKER_RUNTIME_INFO,
                new GetBrokerRuntimeInfoHandler(
                        store, traffic, topics, bootMillis, config.storePathRootDir()));
        codes.serve(RequestCode.GET_BROKER_CONFIG, new GetBrokerConfigHandler(settings));
        codes.serve(RequestCode.UPDATE_BROKER_CONFIG, new UpdateConfigHandler(settings::update));
        return new AdminPlane(traffic, bootMillis);
    }

    private static void installClients(Codes codes, ClientRegistry clients) {
        codes.serve(
                RequestCode.GET_CONSUMER_CONNECTION_LIST,
                new GetConsumerConnectionListHandler(clients));
        codes.serve(
                RequestCode.GET_PRODUCER_CONNECTION_LIST,
                new GetProducerConnectionListHandler(clients));
        codes.serve(
                RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoHandler(clients, CLIENT_CALL_TIMEOUT_MS));
    }

    /** When the broker started (epoch ms). */
    public long bootMillis() {
        return bootMillis;
    }

    /** Messages put per second over the last {@code seconds}, as GET_BROKER_RUNTIME_INFO says. */
    public double putTps(int seconds) {
        return traffic.putTps(seconds);
    }

    /** Messages consumed (offsets committed) per second over the last {@code seconds}. */
    public double getTps(int seconds) {
        return traffic.getTps(seconds);
    }

    /** Messages put into {@code topic} in the last second. */
    public double topicPutTps(String topic) {
        return traffic.topicPutTps(topic);
    }

    /** Whether {@code topic} is one of the reference's system topics (or has their prefix). */
    public static boolean isSystemTopic(String topic) {
        return SystemTopics.isSystem(topic);
    }

    /** The version this broker claims to clients and tools (the reference's MQVersion name). */
    public static String version() {
        return GetBrokerRuntimeInfoHandler.VERSION_DESC;
    }

    /** Takes one traffic sample; scheduled every {@link #SAMPLE_PERIOD_MS}. */
    public void sample() {
        traffic.sample();
    }
}
