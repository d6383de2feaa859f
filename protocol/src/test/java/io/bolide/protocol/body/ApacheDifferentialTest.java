package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every body against its Apache 5.4.0 class, both directions, with seeded random values.
 *
 * <p>Per case: Bolide encodes a random body; Apache decodes those bytes and re-encodes them with
 * {@code RemotingSerializable.encode}. The Apache bytes must carry exactly the same properties and
 * values (canonical JSON equality: nothing lost, renamed or added on either side), and Bolide must
 * decode the Apache bytes back to a body equal to the original.
 */
class ApacheDifferentialTest {
    private static final int ROUNDS = 40;
    private static final String APACHE = "org.apache.rocketmq.remoting.protocol.";

    private record Case(String apacheClass, Function<RandomBodies, Object> generator) {}

    private static List<Case> cases() {
        return List.of(
                new Case(
                        "org.apache.rocketmq.common.message.MessageQueue",
                        RandomBodies::messageQueue),
                new Case(APACHE + "route.QueueData", RandomBodies::queueData),
                new Case(APACHE + "route.BrokerData", RandomBodies::brokerData),
                new Case(APACHE + "route.TopicRouteData", RandomBodies::topicRouteData),
                new Case(APACHE + "body.ClusterInfo", RandomBodies::clusterInfo),
                new Case(APACHE + "body.TopicList", RandomBodies::topicList),
                new Case(APACHE + "body.GroupList", RandomBodies::groupList),
                new Case(APACHE + "body.KVTable", RandomBodies::kvTable),
                new Case(APACHE + "DataVersion", RandomBodies::dataVersion),
                new Case("org.apache.rocketmq.common.TopicConfig", RandomBodies::topicConfig),
                new Case(
                        APACHE + "body.TopicConfigSerializeWrapper",
                        r -> r.topicConfigWrapper(false)),
                new Case(
                        TopicConfigAndMappingSerializeWrapper.class.getName(),
                        r -> r.topicConfigWrapper(true)),
                new Case(APACHE + "body.RegisterBrokerBody", RandomBodies::registerBrokerBody),
                new Case(APACHE + "heartbeat.SubscriptionData", RandomBodies::subscriptionData),
                new Case(APACHE + "heartbeat.ConsumerData", RandomBodies::consumerData),
                new Case(APACHE + "heartbeat.HeartbeatData", RandomBodies::heartbeatData),
                new Case(
                        APACHE + "header.GetConsumerListByGroupResponseBody",
                        RandomBodies::consumerList),
                new Case(APACHE + "body.LockBatchRequestBody", RandomBodies::lockRequest),
                new Case(APACHE + "body.QueryAssignmentRequestBody", RandomBodies::assignmentQuery),
                new Case(
                        APACHE + "body.QueryAssignmentResponseBody",
                        RandomBodies::assignmentResponse),
                new Case(
                        APACHE + "body.SetMessageRequestModeRequestBody",
                        RandomBodies::requestMode),
                new Case(
                        APACHE + "body.MessageRequestModeSerializeWrapper",
                        RandomBodies::requestModes),
                new Case(APACHE + "body.BatchAckMessageRequestBody", RandomBodies::batchAck),
                new Case(APACHE + "body.UnlockBatchRequestBody", RandomBodies::unlockRequest),
                new Case(APACHE + "body.LockBatchResponseBody", RandomBodies::lockResponse),
                new Case(APACHE + "body.Connection", RandomBodies::connection),
                new Case(APACHE + "body.ConsumerConnection", RandomBodies::consumerConnection),
                new Case(APACHE + "body.ProducerConnection", RandomBodies::producerConnection),
                new Case(TopicStatsTable.class.getName(), RandomBodies::topicStatsTable),
                new Case(ConsumeStats.class.getName(), RandomBodies::consumeStats),
                new Case(APACHE + "body.ResetOffsetBody", RandomBodies::resetOffsetBody),
                new Case(APACHE + "body.GetConsumerStatusBody", RandomBodies::consumerStatus),
                new Case(
                        APACHE + "body.QueryCorrectionOffsetBody", RandomBodies::correctionOffsets),
                new Case(APACHE + "body.HARuntimeInfo", RandomBodies::haRuntimeInfo),
                new Case(APACHE + "body.ConsumeMessageDirectlyResult", RandomBodies::directResult),
                new Case(
                        APACHE + "body.QueryConsumeQueueResponseBody",
                        RandomBodies::consumeQueueBody),
                new Case(
                        APACHE + "subscription.SubscriptionGroupConfig", RandomBodies::groupConfig),
                new Case(APACHE + "body.SubscriptionGroupWrapper", RandomBodies::groupWrapper),
                new Case(
                        APACHE + "body.ConsumerOffsetSerializeWrapper",
                        RandomBodies::consumerOffsets),
                new Case(APACHE + "body.BrokerStatsData", RandomBodies::brokerStats),
                new Case(APACHE + "body.ProducerTableInfo", RandomBodies::producerTable),
                new Case(APACHE + "body.ConsumeStatsList", RandomBodies::consumeStatsList),
                new Case(
                        APACHE + "body.QuerySubscriptionResponseBody",
                        RandomBodies::subscriptionResponse),
                new Case(APACHE + "body.SubscriptionGroupList", RandomBodies::groupList2),
                new Case(APACHE + "body.CreateTopicListRequestBody", RandomBodies::topicListBody));
    }

    @TestFactory
    Stream<DynamicTest> shouldAgreeWithApacheInBothDirections() {
        return cases().stream()
                .map(
                        c ->
                                DynamicTest.dynamicTest(
                                        c.apacheClass()
                                                .substring(c.apacheClass().lastIndexOf('.') + 1),
                                        () -> check(c)));
    }

    private static void check(Case c) throws ClassNotFoundException {
        Class<?> apacheType = Class.forName(c.apacheClass());
        RandomBodies random = new RandomBodies(c.apacheClass().hashCode());
        for (int round = 0; round < ROUNDS; round++) {
            Object body = c.generator().apply(random);
            byte[] bolide = BodyCodec.encode(body);
            Object apache = RemotingSerializable.decode(bolide, apacheType);
            byte[] apacheBytes = RemotingSerializable.encode(apache);
            String context =
                    "Bolide: "
                            + new String(bolide, StandardCharsets.UTF_8)
                            + "\nApache: "
                            + new String(apacheBytes, StandardCharsets.UTF_8);
            assertThat(CanonicalJson.of(apacheBytes))
                    .as(context)
                    .isEqualTo(CanonicalJson.of(bolide));
            assertThat(BodyCodec.decode(apacheBytes, body.getClass())).as(context).isEqualTo(body);
        }
    }
}
