package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.junit.jupiter.api.Test;

/**
 * Bodies as captured from the 5.4.0 Java client, broker and name server (docs/protocol/bodies.md).
 */
class CapturedBodiesTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shouldReadClusterInfoWithUnquotedNumericBrokerIds() {
        String captured =
                "{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},"
                        + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
                        + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}";

        ClusterInfo info = BodyCodec.decode(utf8(captured), ClusterInfo.class);

        BrokerData broker = info.brokerAddrTable().get("broker-a");
        assertThat(broker.brokerAddrs())
                .containsExactly(
                        Map.entry(0L, "127.0.0.1:10911"), Map.entry(1L, "127.0.0.1:10921"));
        assertThat(broker.cluster()).isEqualTo("DefaultCluster");
        assertThat(info.clusterAddrTable()).containsEntry("DefaultCluster", Set.of("broker-a"));
    }

    @Test
    void shouldWriteRouteDataWithQuotedBrokerIdsInAlphabeticalKeyOrder() {
        TopicRouteData route =
                new TopicRouteData(
                        null,
                        List.of(new QueueData("broker-a", 4, 4, 6, 0)),
                        List.of(
                                new BrokerData(
                                        "DefaultCluster",
                                        "broker-a",
                                        Map.of(0L, "127.0.0.1:10911"),
                                        false,
                                        null)),
                        Map.of(),
                        null);

        // The captured 5.4.0 name server answer to a v493 client, byte for byte.
        assertThat(new String(BodyCodec.encode(route), StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},"
                                + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\","
                                + "\"enableActingMaster\":false}],\"filterServerTable\":{},"
                                + "\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,"
                                + "\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]}");
    }

    @Test
    void shouldReadCapturedPushConsumerHeartbeat() {
        String captured =
                "{\"clientID\":\"192.0.2.2@17650#643640968927\",\"consumerDataSet\":[{\"consumeFromWhere\":\"CONSUME_FROM_FIRST_OFFSET\","
                        + "\"consumeType\":\"CONSUME_PASSIVELY\",\"groupName\":\"cg1\",\"messageModel\":\"CLUSTERING\","
                        + "\"subscriptionDataSet\":[{\"classFilterMode\":false,\"codeSet\":[],\"expressionType\":\"TAG\",\"subString\":\"*\","
                        + "\"subVersion\":1795336641863,\"tagsSet\":[],\"topic\":\"%RETRY%cg1\"},{\"classFilterMode\":false,"
                        + "\"codeSet\":[2598919,2692],\"expressionType\":\"TAG\",\"subString\":\"TagA || TX\","
                        + "\"subVersion\":1795336641814,\"tagsSet\":[\"TagA\",\"TX\"],\"topic\":\"TopicTest\"}],"
                        + "\"unitMode\":false}],\"heartbeatFingerprint\":0,\"producerDataSet\":[{\"groupName\":\"CLIENT_INNER_PRODUCER\"}],\"withoutSub\":false}";

        HeartbeatData heartbeat = BodyCodec.decode(utf8(captured), HeartbeatData.class);

        assertThat(heartbeat.clientID()).isEqualTo("192.0.2.2@17650#643640968927");
        assertThat(heartbeat.producerDataSet())
                .containsExactly(new ProducerData("CLIENT_INNER_PRODUCER"));
        ConsumerData consumer = heartbeat.consumerDataSet().iterator().next();
        assertThat(consumer.consumeType()).isEqualTo(ConsumeType.CONSUME_PASSIVELY);
        assertThat(consumer.consumeFromWhere())
                .isEqualTo(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        assertThat(consumer.subscriptionDataSet())
                .anySatisfy(
                        s -> {
                            assertThat(s.topic()).isEqualTo("TopicTest");
                            assertThat(s.codeSet()).containsExactlyInAnyOrder(2598919, 2692);
                            assertThat(s.subVersion()).isEqualTo(1795336641814L);
                        });
    }

    @Test
    void shouldReadGoClientHeartbeatWithoutV2Fields() {
        String go =
                "{\"clientID\":\"10.0.0.1@1234\",\"producerDataSet\":[],\"consumerDataSet\":[{\"groupName\":\"g\","
                        + "\"consumeType\":\"CONSUME_PASSIVELY\",\"messageModel\":\"CLUSTERING\","
                        + "\"consumeFromWhere\":\"CONSUME_FROM_LAST_OFFSET\",\"subscriptionDataSet\":[],\"unitMode\":false}]}";

        HeartbeatData heartbeat = BodyCodec.decode(utf8(go), HeartbeatData.class);

        assertThat(heartbeat.heartbeatFingerprint()).isZero();
        assertThat(heartbeat.withoutSub()).isFalse();
        assertThat(heartbeat.consumerDataSet()).hasSize(1);
    }

    @Test
    void shouldReadCapturedTopicStatsWithObjectKeys() {
        String captured =
                "{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}:"
                        + "{\"lastUpdateTimestamp\":1795336610650,\"maxOffset\":4,\"minOffset\":0},"
                        + "{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}:"
                        + "{\"lastUpdateTimestamp\":0,\"maxOffset\":2,\"minOffset\":0}},\"topicPutTps\":0.0}";

        TopicStatsTable stats = BodyCodec.decode(utf8(captured), TopicStatsTable.class);

        assertThat(stats.offsetTable())
                .containsEntry(
                        new MessageQueue("TopicTest", "broker-a", 3),
                        new TopicOffset(0, 4, 1795336610650L))
                .containsEntry(
                        new MessageQueue("TopicTest", "broker-a", 0), new TopicOffset(0, 2, 0));
    }

    @Test
    void shouldWriteMessageQueueKeysAsObjectsTheWayApacheParsesThem() {
        ConsumeStats stats =
                new ConsumeStats(
                        Map.of(new MessageQueue("T", "b", 1), new OffsetWrapper(5, 4, 3, 2)), 1.5);

        byte[] json = BodyCodec.encode(stats);

        assertThat(new String(json, StandardCharsets.UTF_8))
                .isEqualTo(
                        "{\"consumeTps\":1.5,\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":1,\"topic\":\"T\"}:"
                                + "{\"brokerOffset\":5,\"consumerOffset\":4,\"lastTimestamp\":2,\"pullOffset\":3}}}");
        org.apache.rocketmq.remoting.protocol.admin.ConsumeStats apache =
                RemotingSerializable.decode(
                        json, org.apache.rocketmq.remoting.protocol.admin.ConsumeStats.class);
        assertThat(apache.getOffsetTable())
                .containsKey(new org.apache.rocketmq.common.message.MessageQueue("T", "b", 1));
    }

    @Test
    void shouldReadCapturedRegistrationWithTopicDefaultsAndDataVersion() {
        String captured =
                "{\"filterServerList\":[],\"topicConfigSerializeWrapper\":{\"dataVersion\":{\"counter\":1,\"stateVersion\":0,"
                        + "\"timestamp\":1795336584202},\"mappingDataVersion\":{\"counter\":0,\"stateVersion\":0,\"timestamp\":1795336584211},"
                        + "\"topicConfigTable\":{\"TopicTest\":{\"attributes\":{},\"order\":false,\"perm\":6,\"readQueueNums\":4,"
                        + "\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"TopicTest\",\"topicSysFlag\":0,\"writeQueueNums\":4},"
                        + "\"Sparse\":{\"topicName\":\"Sparse\"}},\"topicQueueMappingDetailMap\":{},\"topicQueueMappingInfoMap\":{}}}";

        RegisterBrokerBody body = BodyCodec.decode(utf8(captured), RegisterBrokerBody.class);

        TopicConfigSerializeWrapper wrapper = body.topicConfigSerializeWrapper();
        assertThat(wrapper.dataVersion()).isEqualTo(new DataVersion(0, 1795336584202L, 1));
        assertThat(wrapper.topicConfigTable().get("TopicTest").writeQueueNums()).isEqualTo(4);
        // Missing properties take Apache's defaults, not Java's zero values.
        assertThat(wrapper.topicConfigTable().get("Sparse"))
                .isEqualTo(TopicConfig.builder("Sparse").build())
                .extracting(TopicConfig::readQueueNums, TopicConfig::perm)
                .containsExactly(16, 6);
    }

    @Test
    void shouldGiveApacheDefaultsToSparseGroupConfigs() {
        SubscriptionGroupConfig config =
                BodyCodec.decode(utf8("{\"groupName\":\"g\"}"), SubscriptionGroupConfig.class);

        assertThat(config).isEqualTo(SubscriptionGroupConfig.builder("g").build());
        assertThat(config.consumeEnable()).isTrue();
        assertThat(config.retryMaxTimes()).isEqualTo(16);
        assertThat(config.groupRetryPolicy().type()).isEqualTo(GroupRetryPolicyType.CUSTOMIZED);
        assertThat(new String(BodyCodec.encode(config), StandardCharsets.UTF_8))
                .isEqualTo(
                        new String(
                                RemotingSerializable.encode(
                                        RemotingSerializable.decode(
                                                utf8("{\"groupName\":\"g\"}"),
                                                org.apache.rocketmq.remoting.protocol.subscription
                                                        .SubscriptionGroupConfig.class)),
                                StandardCharsets.UTF_8));
    }

    @Test
    void shouldReadLockBodiesAndToleratePropertiesItDoesNotKnow() {
        String request =
                "{\"clientId\":\"c1\",\"consumerGroup\":\"cg2\",\"futureField\":{\"x\":[1,2]},"
                        + "\"mqSet\":[{\"brokerName\":\"broker-a\",\"queueId\":1,\"topic\":\"OrderTopic\"}],\"onlyThisBroker\":false}";

        LockBatchRequestBody body = BodyCodec.decode(utf8(request), LockBatchRequestBody.class);

        assertThat(body.mqSet()).containsExactly(new MessageQueue("OrderTopic", "broker-a", 1));
        assertThat(body.clientId()).isEqualTo("c1");
    }

    @Test
    void shouldReadEnumsByOrdinalAndUnknownEnumNamesAsNull() {
        String json = "{\"groupName\":\"g\",\"consumeType\":1,\"messageModel\":\"SOMETHING_NEW\"}";

        ConsumerData data = BodyCodec.decode(utf8(json), ConsumerData.class);

        assertThat(data.consumeType()).isEqualTo(ConsumeType.CONSUME_PASSIVELY);
        assertThat(data.messageModel()).isNull();
    }

    @Test
    void shouldRoundTripThroughHeapAndDirectBuffersWithoutMovingTheReaderIndex() {
        KVTable table = new KVTable(Map.of("brokerVersionDesc", "V5_4_0"));
        ByteBuf direct = Unpooled.directBuffer();
        ByteBuf heap = Unpooled.buffer();
        try {
            direct.writeByte('x');
            heap.writeByte('x');
            int written = BodyCodec.encode(table, direct);
            BodyCodec.encode(table, heap);
            direct.skipBytes(1);
            heap.skipBytes(1);

            assertThat(written).isEqualTo(direct.readableBytes());
            assertThat(BodyCodec.decode(direct, KVTable.class)).isEqualTo(table);
            assertThat(BodyCodec.decode(heap, KVTable.class)).isEqualTo(table);
            assertThat(direct.readerIndex()).isEqualTo(1);
        } finally {
            direct.release();
            heap.release();
        }
    }

    @Test
    void shouldReadNegativeAndLongNumericKeysAsApacheWritesThem() {
        // What RemotingSerializable.encode writes for ids -1 and Long.MAX_VALUE, and queue id -5.
        String broker =
                "{\"brokerAddrs\":{-1:\"a\",9223372036854775807:\"b\"},\"brokerName\":\"b\","
                        + "\"cluster\":\"c\",\"enableActingMaster\":false}";
        String corrections = "{\"correctionOffsets\":{-5:1, 7 :2}}";

        assertThat(BodyCodec.decode(utf8(broker), BrokerData.class).brokerAddrs())
                .containsExactly(Map.entry(-1L, "a"), Map.entry(Long.MAX_VALUE, "b"));
        assertThat(
                        BodyCodec.decode(utf8(corrections), QueryCorrectionOffsetBody.class)
                                .correctionOffsets())
                .containsExactly(Map.entry(-5, 1L), Map.entry(7, 2L));
    }

    @Test
    void shouldReadNullForANonNumberTpsAsZero() {
        // fastjson2 writes NaN as null.
        assertThat(
                        BodyCodec.decode(
                                utf8("{\"consumeTps\":null,\"offsetTable\":{}}"),
                                ConsumeStats.class))
                .isEqualTo(new ConsumeStats(Map.of(), 0.0));
    }
}
