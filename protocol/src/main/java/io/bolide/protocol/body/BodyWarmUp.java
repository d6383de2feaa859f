package io.bolide.protocol.body;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds Jackson's serializers and deserializers for the bodies on the start-up path before the
 * first request needs them. A cold mapper spends about 350 ms (measured with class-load logging)
 * introspecting the registration, cluster, route and heartbeat records on the first broker
 * registration, the first route lookup and the first heartbeat; run on a second core while the
 * process starts its servers, that time leaves the critical path to "ready" and to the first send.
 */
public final class BodyWarmUp {
    private BodyWarmUp() {}

    /** Starts the warm-up on a daemon thread and returns at once. */
    public static void startInBackground() {
        Thread thread = new Thread(BodyWarmUp::run, "bolide-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /** Encodes and decodes one value of each start-up body type; returns how many round-tripped. */
    public static int run() {
        DataVersion version = new DataVersion(0, 0, 0);
        TopicConfig topic = TopicConfig.builder("TBW102").build();
        int done =
                roundTrip(
                        new RegisterBrokerBody(
                                new TopicConfigSerializeWrapper(
                                        Map.of(topic.topicName(), topic),
                                        version,
                                        version,
                                        Map.of(),
                                        Map.of()),
                                List.of()),
                        RegisterBrokerBody.class);
        BrokerData broker =
                new BrokerData(
                        "DefaultCluster", "broker-a", Map.of(0L, "127.0.0.1:10911"), false, null);
        done +=
                roundTrip(
                        new ClusterInfo(
                                Map.of("broker-a", broker),
                                Map.of("DefaultCluster", Set.of("broker-a"))),
                        ClusterInfo.class);
        done +=
                roundTrip(
                        new TopicRouteData(
                                null,
                                List.of(new QueueData("broker-a", 4, 4, 6, 0)),
                                List.of(broker),
                                Map.of(),
                                null),
                        TopicRouteData.class);
        return done + heartbeat();
    }

    private static int heartbeat() {
        SubscriptionData subscription =
                new SubscriptionData(false, "T", "*", Set.of(), Set.of(), 0, "TAG");
        ConsumerData consumer =
                new ConsumerData(
                        "g",
                        ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        Set.of(subscription),
                        false);
        return roundTrip(
                new HeartbeatData(
                        "client", Set.of(new ProducerData("p")), Set.of(consumer), 0, false),
                HeartbeatData.class);
    }

    private static int roundTrip(Object body, Class<?> type) {
        try {
            // Not compared with equals: the records' equals would be bootstrapped here for nothing.
            return BodyCodec.decode(BodyCodec.encode(body), type) != null ? 1 : 0;
        } catch (RuntimeException e) {
            // Only a warm-up: the real request reports any problem with its own body.
            return 0;
        }
    }
}
