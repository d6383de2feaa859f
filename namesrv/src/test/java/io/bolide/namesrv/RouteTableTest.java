package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.QueueData;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.remoting.NamedAddresses;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RouteTableTest {
    private static final long EXPIRY = 120_000;
    private static final DataVersion V1 = new DataVersion(0, 1000, 1);
    private static final DataVersion V2 = new DataVersion(0, 2000, 2);

    private final AtomicLong clock = new AtomicLong(5_000_000);
    private final RouteTable routes = new RouteTable(clock::get, EXPIRY);
    private final Object connectionA = new Object();

    static TopicConfigSerializeWrapper topics(DataVersion version, TopicConfig... configs) {
        Map<String, TopicConfig> table = new LinkedHashMap<>();
        for (TopicConfig config : configs) {
            table.put(config.topicName(), config);
        }
        return new TopicConfigSerializeWrapper(table, version, null, null, null);
    }

    static TopicConfig topic(String name, int queues, int perm) {
        return TopicConfig.builder(name)
                .readQueueNums(queues)
                .writeQueueNums(queues)
                .perm(perm)
                .build();
    }

    private Registration registration(
            String name, long id, String address, TopicConfigSerializeWrapper topics) {
        return new Registration(
                "c1",
                address,
                name,
                id,
                address + "-ha",
                null,
                null,
                false,
                topics,
                List.of(),
                connectionA,
                NamedAddresses.NONE);
    }

    @Test
    void shouldRouteTopicToTheMasterThatRegisteredIt() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));

        TopicRouteData route = routes.route("T");

        assertThat(route.queueDatas()).containsExactly(new QueueData("b1", 4, 4, 6, 0));
        assertThat(route.brokerDatas())
                .containsExactly(
                        new BrokerData("c1", "b1", Map.of(0L, "10.0.0.1:10911"), false, null));
        assertThat(route.orderTopicConf()).isNull();
    }

    @Test
    void shouldIgnoreTopicConfigsWithoutName() {
        routes.register(
                registration(
                        "b1",
                        0,
                        "10.0.0.1:10911",
                        topics(V1, TopicConfig.builder(null).build(), topic("T", 4, 6))));

        assertThat(routes.catalog().allTopics().topicList()).containsExactly("T");
    }

    @Test
    void shouldHaveNoRouteForTopicNobodyServes() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));

        assertThat(routes.route("Other")).isNull();
    }

    @Test
    void shouldAddSlaveAddressWithoutTouchingQueuesAndTellItsMaster() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));

        RegisterResult result =
                routes.register(
                        registration("b1", 1, "10.0.0.2:10911", topics(V2, topic("T", 8, 2))));

        assertThat(result).isEqualTo(new RegisterResult("10.0.0.1:10911", "10.0.0.1:10911-ha"));
        TopicRouteData route = routes.route("T");
        assertThat(route.queueDatas()).containsExactly(new QueueData("b1", 4, 4, 6, 0));
        assertThat(route.brokerDatas().get(0).brokerAddrs())
                .containsExactly(Map.entry(0L, "10.0.0.1:10911"), Map.entry(1L, "10.0.0.2:10911"));
    }

    @Test
    void shouldTellSlaveNothingWhileItsMasterIsAbsentAndTheNewMasterOnceItReturns() {
        assertThat(routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V1))))
                .isEqualTo(RegisterResult.NONE);

        routes.register(registration("b1", 0, "10.0.0.9:10911", topics(V1, topic("T", 4, 6))));

        assertThat(routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V1))))
                .isEqualTo(new RegisterResult("10.0.0.9:10911", "10.0.0.9:10911-ha"));
    }

    @Test
    void shouldLetTheLowestSlaveOfAMasterlessGroupPublishItsQueues() {
        routes.register(registration("b1", 2, "10.0.0.3:10911", topics(V1, topic("T", 4, 6))));
        assertThat(routes.route("T").queueDatas()).containsExactly(new QueueData("b1", 4, 4, 6, 0));

        routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V2, topic("U", 2, 6))));
        routes.register(registration("b1", 2, "10.0.0.3:10911", topics(V2, topic("V", 2, 6))));

        assertThat(routes.route("U")).isNotNull();
        assertThat(routes.route("V")).as("id 2 is no longer the lowest").isNull();
    }

    @Test
    void shouldNotLetAPre50SlavePublishQueues() {
        routes.register(
                new Registration(
                        "c1",
                        "10.0.0.2:10911",
                        "b1",
                        1,
                        null,
                        null,
                        null,
                        null,
                        topics(V1, topic("T", 4, 6)),
                        List.of(),
                        connectionA,
                        NamedAddresses.NONE));

        assertThat(routes.route("T")).isNull();
    }

    @Test
    void shouldKeepTheSlaveRoutableWhenTheMasterGoesAndTakeTheMastersQueuesWhenItReturns() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V1, topic("T", 4, 6))));

        routes.unregister("c1", "10.0.0.1:10911", "b1");

        TopicRouteData route = routes.route("T");
        assertThat(route.queueDatas()).containsExactly(new QueueData("b1", 4, 4, 6, 0));
        assertThat(route.brokerDatas().get(0).brokerAddrs())
                .containsExactly(Map.entry(1L, "10.0.0.2:10911"));

        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 8, 6))));
        assertThat(routes.route("T").queueDatas()).containsExactly(new QueueData("b1", 8, 8, 6, 0));
    }

    @Test
    void shouldMakeAnActingMasterGroupReadOnlyWhileItsMasterIsAway() {
        routes.register(acting(0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(acting(1, "10.0.0.2:10911", topics(V1, topic("T", 4, 6))));

        routes.unregister("c1", "10.0.0.1:10911", "b1");

        assertThat(routes.route("T").queueDatas()).containsExactly(new QueueData("b1", 4, 4, 4, 0));
    }

    private Registration acting(long id, String address, TopicConfigSerializeWrapper topics) {
        return new Registration(
                "c1",
                address,
                "b1",
                id,
                address + "-ha",
                null,
                null,
                true,
                topics,
                List.of(),
                connectionA,
                NamedAddresses.NONE);
    }

    @Test
    void shouldTellNothingToMaster() {
        RegisterResult result =
                routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1)));

        assertThat(result).isEqualTo(RegisterResult.NONE);
    }

    @Test
    void shouldUpdateQueuesOnlyWhenDataVersionChangedOrTopicIsNew() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(
                registration(
                        "b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 8, 6), topic("U", 2, 6))));

        assertThat(routes.route("T").queueDatas().get(0).readQueueNums()).isEqualTo(4);
        assertThat(routes.route("U").queueDatas().get(0).readQueueNums()).isEqualTo(2);

        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V2, topic("T", 8, 6))));

        assertThat(routes.route("T").queueDatas().get(0).readQueueNums()).isEqualTo(8);
    }

    @Test
    void shouldDropOldIdWhenSameAddressRegistersUnderNewId() {
        routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V1)));
        routes.register(registration("b1", 0, "10.0.0.2:10911", topics(V1, topic("T", 4, 6))));

        assertThat(routes.route("T").brokerDatas().get(0).brokerAddrs())
                .containsExactly(Map.entry(0L, "10.0.0.2:10911"));
    }

    @Test
    void shouldRemoveGroupQueuesAndEmptyTopicsWhenLastProcessUnregisters() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(registration("b2", 0, "10.0.0.3:10911", topics(V1, topic("T", 4, 6))));
        routes.register(registration("b1", 1, "10.0.0.2:10911", topics(V1)));

        routes.unregister("c1", "10.0.0.1:10911", "b1");
        assertThat(routes.route("T").queueDatas()).hasSize(2);

        routes.unregister("c1", "10.0.0.2:10911", "b1");
        assertThat(routes.route("T").queueDatas())
                .extracting(QueueData::brokerName)
                .containsExactly("b2");
        assertThat(routes.clusterInfo().clusterAddrTable()).containsEntry("c1", Set.of("b2"));

        routes.unregister("c1", "10.0.0.3:10911", "b2");
        assertThat(routes.route("T")).isNull();
        assertThat(routes.catalog().allTopics().topicList()).isEmpty();
        assertThat(routes.clusterInfo().clusterAddrTable()).isEmpty();
        assertThat(routes.clusterInfo().brokerAddrTable()).isEmpty();
    }

    @Test
    void shouldExpireBrokerOnlyAfterItsSilenceExceedsTheTimeout() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));

        clock.addAndGet(EXPIRY);
        assertThat(routes.expire()).isEmpty();
        assertThat(routes.route("T")).isNotNull();

        clock.addAndGet(1);
        assertThat(routes.expire()).containsOnlyKeys(new BrokerKey("c1", "10.0.0.1:10911"));
        assertThat(routes.route("T")).isNull();
    }

    @Test
    void shouldKeepBrokerThatTouchesInTime() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));

        clock.addAndGet(EXPIRY - 1);
        assertThat(routes.touch("c1", "10.0.0.1:10911")).isTrue();
        clock.addAndGet(EXPIRY - 1);

        assertThat(routes.expire()).isEmpty();
        assertThat(routes.touch("c1", "10.0.0.9:10911")).isFalse();
    }

    @Test
    void shouldHonourTimeoutTheBrokerAsksFor() {
        routes.register(
                new Registration(
                        "c1",
                        "10.0.0.1:10911",
                        "b1",
                        0,
                        null,
                        null,
                        10_000L,
                        true,
                        topics(V1, topic("T", 4, 6)),
                        List.of(),
                        connectionA,
                        NamedAddresses.NONE));

        clock.addAndGet(10_001);

        assertThat(routes.expire()).hasSize(1);
    }

    @Test
    void shouldRemoveOnlyBrokersOfTheClosedConnection() {
        Object connectionB = new Object();
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(
                new Registration(
                        "c1",
                        "10.0.0.3:10911",
                        "b2",
                        0,
                        null,
                        null,
                        null,
                        false,
                        topics(V1, topic("T", 4, 6)),
                        List.of(),
                        connectionB,
                        NamedAddresses.NONE));

        assertThat(routes.connectionClosed(connectionB))
                .containsExactly(new BrokerKey("c1", "10.0.0.3:10911"));

        assertThat(routes.route("T").brokerDatas())
                .extracting(BrokerData::brokerName)
                .containsExactly("b1");
    }

    @Test
    void shouldReportDataVersionChanges() {
        assertThat(routes.versionChanged("c1", "10.0.0.1:10911", V1)).isTrue();
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1)));

        assertThat(routes.versionChanged("c1", "10.0.0.1:10911", V1)).isFalse();
        assertThat(routes.versionChanged("c1", "10.0.0.1:10911", V2)).isTrue();
        assertThat(routes.dataVersion("c1", "10.0.0.1:10911")).isEqualTo(V1);
    }

    @Test
    void shouldTellTheAddressRegisteredUnderAnId() {
        routes.register(registration("b1", 1, "10.0.0.1:10911", topics(V1)));

        assertThat(routes.memberAddress("b1", 1)).isEqualTo("10.0.0.1:10911");
        assertThat(routes.memberAddress("b1", 0)).as("promoted, not registered as 0 yet").isNull();
        assertThat(routes.memberAddress("b2", 1)).isNull();
    }

    @Test
    void shouldListTopicsOfOneCluster() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(
                new Registration(
                        "c2",
                        "10.0.0.3:10911",
                        "b2",
                        0,
                        null,
                        null,
                        null,
                        false,
                        topics(V1, topic("U", 4, 6)),
                        List.of(),
                        connectionA,
                        NamedAddresses.NONE));

        assertThat(routes.catalog().topicsOfCluster("c1").topicList()).containsExactly("T");
        assertThat(routes.catalog().topicsOfCluster("c2").topicList()).containsExactly("U");
        assertThat(routes.catalog().topicsOfCluster("none").topicList()).isEmpty();
        assertThat(routes.catalog().allTopics().topicList()).containsExactlyInAnyOrder("T", "U");
    }

    @Test
    void shouldListClusterAndBrokerNamesAsSystemTopics() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1)));

        assertThat(routes.catalog().systemTopics().topicList()).containsExactly("c1", "b1");
        assertThat(routes.catalog().systemTopics().brokerAddr()).isEqualTo("10.0.0.1:10911");
    }

    @Test
    void shouldDeleteTopicEverywhereOrInOneCluster() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6))));
        routes.register(
                new Registration(
                        "c2",
                        "10.0.0.3:10911",
                        "b2",
                        0,
                        null,
                        null,
                        null,
                        false,
                        topics(V1, topic("T", 4, 6)),
                        List.of(),
                        connectionA,
                        NamedAddresses.NONE));

        routes.catalog().deleteTopic("T", "c2");
        assertThat(routes.route("T").queueDatas())
                .extracting(QueueData::brokerName)
                .containsExactly("b1");

        routes.catalog().deleteTopic("T", null);
        assertThat(routes.route("T")).isNull();
    }

    @Test
    void shouldRegisterTopicOnlyOnKnownBrokerNames() {
        routes.register(registration("b1", 0, "10.0.0.1:10911", topics(V1)));

        routes.catalog()
                .registerTopic(
                        "T",
                        List.of(
                                new QueueData("b1", 2, 2, 6, 0),
                                new QueueData("ghost", 2, 2, 6, 0)));

        assertThat(routes.route("T").queueDatas()).containsExactly(new QueueData("b1", 2, 2, 6, 0));
    }

    @Test
    void shouldWipeAndRestoreWritePermissionOfOneBrokerName() {
        routes.register(
                registration(
                        "b1", 0, "10.0.0.1:10911", topics(V1, topic("T", 4, 6), topic("U", 4, 7))));

        assertThat(routes.catalog().setWritable("b1", false)).isEqualTo(2);
        assertThat(routes.route("T").queueDatas().get(0).perm()).isEqualTo(4);
        assertThat(routes.route("U").queueDatas().get(0).perm()).isEqualTo(5);

        assertThat(routes.catalog().setWritable("b1", true)).isEqualTo(2);
        assertThat(routes.route("U").queueDatas().get(0).perm()).isEqualTo(7);
        assertThat(routes.catalog().setWritable("nobody", true)).isZero();
    }

    @Test
    void shouldServeFilterServersOfTheRoutedBrokers() {
        routes.register(
                new Registration(
                        "c1",
                        "10.0.0.1:10911",
                        "b1",
                        0,
                        null,
                        null,
                        null,
                        false,
                        topics(V1, topic("T", 4, 6)),
                        List.of("10.0.0.1:30000"),
                        connectionA,
                        NamedAddresses.NONE));

        assertThat(routes.route("T").filterServerTable())
                .containsExactly(Map.entry("10.0.0.1:10911", List.of("10.0.0.1:30000")));
    }

    @Test
    void shouldServeConsistentRoutesWhileBrokersComeAndGo() throws Exception {
        routes.register(registration("stable", 0, "10.0.0.9:10911", topics(V1, topic("T", 4, 6))));
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer =
                new Thread(
                        () -> {
                            for (int i = 0; i < 20_000; i++) {
                                String address = "10.0.1." + (i % 50) + ":10911";
                                String name = "flap" + (i % 50);
                                routes.register(
                                        registration(
                                                name, 0, address, topics(V1, topic("T", 4, 6))));
                                routes.unregister("c1", address, name);
                            }
                            running.set(false);
                        });
        Thread reader =
                new Thread(
                        () -> {
                            try {
                                while (running.get()) {
                                    TopicRouteData route = routes.route("T");
                                    assertThat(route.queueDatas())
                                            .extracting(QueueData::brokerName)
                                            .containsExactlyInAnyOrderElementsOf(
                                                    route.brokerDatas().stream()
                                                            .map(BrokerData::brokerName)
                                                            .toList());
                                }
                            } catch (Throwable e) {
                                failure.set(e);
                                running.set(false);
                            }
                        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();

        assertThat(failure.get()).isNull();
        assertThat(routes.route("T").brokerDatas())
                .extracting(BrokerData::brokerName)
                .containsExactly("stable");
    }
}
