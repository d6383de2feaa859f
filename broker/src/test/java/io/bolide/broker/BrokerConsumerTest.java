package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody;
import org.apache.rocketmq.remoting.protocol.header.NotifyConsumerIdsChangedRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.UnregisterClientRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Consumer groups, offsets and batches, driven by Apache 5.4.0's classes in both serializations.
 */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
public class BrokerConsumerTest {
    @TempDir static Path dir;
    private static Broker broker;
    private static ExecutorService notifyPool;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start(TestBrokers.config(dir).build());
        notifyPool = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stop() {
        CLIENTS.values().forEach(ApacheCalls::shutdown);
        broker.close();
        notifyPool.shutdownNow();
    }

    private static final java.util.Map<SerializeType, ApacheCalls> CLIENTS =
            new java.util.EnumMap<>(SerializeType.class);

    /** One Apache client per serialization for the whole class (its shutdown takes seconds). */
    private static synchronized ApacheCalls calls(SerializeType type) {
        return CLIENTS.computeIfAbsent(
                type, t -> new ApacheCalls("127.0.0.1:" + broker.port(), t).shared());
    }

    public static byte[] heartbeat(String clientId, String group, String topic, String expression) {
        SubscriptionData subscription = new SubscriptionData(topic, expression);
        subscription.setSubVersion(1000);
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(group);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumer.setSubscriptionDataSet(Set.of(subscription));
        HeartbeatData data = new HeartbeatData();
        data.setClientID(clientId);
        data.setConsumerDataSet(Set.of(consumer));
        return data.encode();
    }

    private static List<String> consumerIds(ApacheCalls apache, String group) throws Exception {
        GetConsumerListByGroupRequestHeader header = new GetConsumerListByGroupRequestHeader();
        header.setConsumerGroup(group);
        RemotingCommand response =
                apache.call(RequestCode.GET_CONSUMER_LIST_BY_GROUP, header, null);
        assertThat(response.getCode()).as(response.getRemark()).isZero();
        return GetConsumerListByGroupResponseBody.decode(
                        response.getBody(), GetConsumerListByGroupResponseBody.class)
                .getConsumerIdList();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldTrackGroupMembersAndNotifyThemOfChanges(SerializeType type) throws Exception {
        String group = "cg-" + type;
        String topic = "Members" + type;
        try (ApacheCalls first = calls(type);
                ApacheCalls second = new ApacheCalls("127.0.0.1:" + broker.port(), type)) {
            ConcurrentLinkedQueue<String> notified = new ConcurrentLinkedQueue<>();
            first.client.registerProcessor(
                    RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, recorder(notified), notifyPool);
            assertThat(
                            first.call(
                                            RequestCode.HEART_BEAT,
                                            null,
                                            heartbeat("c1", group, topic, "*"))
                                    .getCode())
                    .isZero();
            assertThat(consumerIds(first, group)).containsExactly("c1");
            assertThat(
                            second.call(
                                            RequestCode.HEART_BEAT,
                                            null,
                                            heartbeat("c2", group, topic, "*"))
                                    .getCode())
                    .isZero();
            assertThat(consumerIds(first, group)).containsExactlyInAnyOrder("c1", "c2");
            Await.until(java.time.Duration.ofSeconds(5), () -> notified.contains(group), "notify");

            UnregisterClientRequestHeader leave = new UnregisterClientRequestHeader();
            leave.setClientID("c2");
            leave.setConsumerGroup(group);
            assertThat(second.call(RequestCode.UNREGISTER_CLIENT, leave, null).getCode()).isZero();
            assertThat(consumerIds(first, group)).containsExactly("c1");
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldDropMembersWhoseConnectionCloses(SerializeType type) throws Exception {
        String group = "closing-" + type;
        ApacheCalls leaving = new ApacheCalls("127.0.0.1:" + broker.port(), type);
        byte[] beat = heartbeat("leaving", group, "T", "*");
        assertThat(leaving.call(RequestCode.HEART_BEAT, null, beat).getCode()).isZero();
        assertThat(
                        calls(type)
                                .call(
                                        RequestCode.HEART_BEAT,
                                        null,
                                        heartbeat("staying", group, "T", "*"))
                                .getCode())
                .isZero();
        assertThat(consumerIds(calls(type), group)).containsExactlyInAnyOrder("leaving", "staying");
        leaving.close();
        Await.until(
                java.time.Duration.ofSeconds(5),
                () -> {
                    try {
                        return consumerIds(calls(type), group).equals(List.of("staying"));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                },
                "closed member dropped");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldFilterPullsWithTheHeartbeatSubscription(SerializeType type) throws Exception {
        String group = "sub-" + type;
        String topic = "HeartbeatSub" + type;
        try (ApacheCalls apache = calls(type)) {
            assertThat(apache.sendV2(topic, 0, "TagA", "a").getCode()).isZero();
            assertThat(apache.sendV2(topic, 0, "TagB", "b").getCode()).isZero();
            apache.awaitDispatched(topic, 0, 2);
            RemotingCommand unknown =
                    apache.client.invokeSync(
                            apache.address,
                            apache.request(
                                    RequestCode.PULL_MESSAGE,
                                    ApacheCalls.pullHeader(group, topic, 0, 0, null, 0),
                                    null),
                            5000);
            assertThat(unknown.getCode()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_EXIST);
            apache.call(RequestCode.HEART_BEAT, null, heartbeat("c1", group, topic, "TagB"));
            RemotingCommand pulled =
                    apache.client.invokeSync(
                            apache.address,
                            apache.request(
                                    RequestCode.PULL_MESSAGE,
                                    ApacheCalls.pullHeader(group, topic, 0, 0, null, 0),
                                    null),
                            5000);
            assertThat(pulled.getCode()).as(pulled.getRemark()).isZero();
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getTags)
                    .containsExactly("TagB");
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreAndQueryConsumerOffsets(SerializeType type) throws Exception {
        String topic = "Offsets" + type;
        try (ApacheCalls apache = calls(type)) {
            assertThat(query(apache, "og", topic, 0).getCode())
                    .isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            apache.sendV2(topic, 0, "T", "x");
            apache.awaitDispatched(topic, 0, 1);
            RemotingCommand young = query(apache, "og", topic, 0);
            assertThat(young.getCode()).isZero();
            assertThat(young.getExtFields()).containsEntry("offset", "0");

            UpdateConsumerOffsetRequestHeader update = new UpdateConsumerOffsetRequestHeader();
            update.setConsumerGroup("og");
            update.setTopic(topic);
            update.setQueueId(0);
            update.setCommitOffset(1L);
            assertThat(apache.call(RequestCode.UPDATE_CONSUMER_OFFSET, update, null).getCode())
                    .isZero();
            assertThat(query(apache, "og", topic, 0).getExtFields()).containsEntry("offset", "1");
            assertThat(apache.maxOffset(topic, 0)).isEqualTo(1);
            assertOffsetLookups(apache, topic);
        }
    }

    private static void assertOffsetLookups(ApacheCalls apache, String topic) throws Exception {
        org.apache.rocketmq.remoting.protocol.header.GetMinOffsetRequestHeader min =
                new org.apache.rocketmq.remoting.protocol.header.GetMinOffsetRequestHeader();
        min.setTopic(topic);
        min.setQueueId(0);
        assertThat(apache.call(RequestCode.GET_MIN_OFFSET, min, null).getExtFields())
                .containsEntry("offset", "0");
        org.apache.rocketmq.remoting.protocol.header.SearchOffsetRequestHeader search =
                new org.apache.rocketmq.remoting.protocol.header.SearchOffsetRequestHeader();
        search.setTopic(topic);
        search.setQueueId(0);
        search.setTimestamp(0L);
        assertThat(apache.call(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, search, null).getExtFields())
                .containsEntry("offset", "0");
        search.setTimestamp(System.currentTimeMillis() + 60_000);
        assertThat(apache.call(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, search, null).getExtFields())
                .containsEntry("offset", "1");
        org.apache.rocketmq.remoting.protocol.header.GetEarliestMsgStoretimeRequestHeader earliest =
                new org.apache.rocketmq.remoting.protocol.header
                        .GetEarliestMsgStoretimeRequestHeader();
        earliest.setTopic(topic);
        earliest.setQueueId(0);
        long stored =
                Long.parseLong(
                        apache.call(RequestCode.GET_EARLIEST_MSG_STORETIME, earliest, null)
                                .getExtFields()
                                .get("timestamp"));
        assertThat(stored)
                .isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis());
    }

    static RemotingCommand query(ApacheCalls apache, String group, String topic, int queueId)
            throws Exception {
        QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(queueId);
        return apache.call(RequestCode.QUERY_CONSUMER_OFFSET, header, null);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreABatchAsConsecutiveMessages(SerializeType type) throws Exception {
        String topic = "Batch" + type;
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Message message = new Message(topic, "Tag" + i, ("batch-" + i).getBytes());
            MessageClientIDSetter.setUniqID(message);
            messages.add(message);
        }
        MessageBatch batch = MessageBatch.generateFromList(messages);
        SendMessageRequestHeaderV2 header =
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                        ApacheCalls.sendHeader(topic, 2, "ignored"));
        header.setM(true);
        try (ApacheCalls apache = calls(type)) {
            RemotingCommand sent =
                    apache.call(RequestCode.SEND_BATCH_MESSAGE, header, batch.encode());
            assertThat(sent.getCode()).as(sent.getRemark()).isZero();
            assertThat(sent.getExtFields().get("msgId").split(",")).hasSize(3);
            assertThat(sent.getExtFields()).containsEntry("queueOffset", "0");
            apache.awaitDispatched(topic, 2, 3);
            RemotingCommand pulled = apache.pull(topic, 2, 0, "*", 0);
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(m -> new String(m.getBody(), StandardCharsets.UTF_8))
                    .containsExactly("batch-0", "batch-1", "batch-2");
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getQueueOffset)
                    .containsExactly(0L, 1L, 2L);
        }
    }

    private static NettyRequestProcessor recorder(ConcurrentLinkedQueue<String> seen) {
        return new NettyRequestProcessor() {
            @Override
            public RemotingCommand processRequest(
                    io.netty.channel.ChannelHandlerContext ctx, RemotingCommand request)
                    throws Exception {
                NotifyConsumerIdsChangedRequestHeader header =
                        request.decodeCommandCustomHeader(
                                NotifyConsumerIdsChangedRequestHeader.class);
                seen.add(header.getConsumerGroup());
                return null;
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        };
    }
}
