package io.bolide.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.SharedBroker;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.GroupList;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupWrapper;
import org.apache.rocketmq.remoting.protocol.header.DeleteSubscriptionGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerRunningInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetProducerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetSubscriptionGroupConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicStatsInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryTopicConsumeByWhoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ResetOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The admin handlers against a running broker, driven by Apache 5.4.0's remoting client and header
 * classes in both serializations; the bodies are decoded with Apache's own body classes.
 */
@ExtendWith(LeakCheck.class)
class AdminPlaneTest {
    @RegisterExtension static final SharedBroker BOLIDE = new SharedBroker();

    private static ApacheCalls calls(SerializeType type) {
        return BOLIDE.calls(type);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldReportQueueOffsetsInTopicStats(SerializeType type) throws Exception {
        String topic = "Stats" + type;
        ApacheCalls apache = calls(type);
        for (int i = 0; i < 3; i++) {
            assertThat(apache.sendV2(topic, 1, "TagA", "m" + i).getCode()).isZero();
        }
        awaitDispatched(apache, topic, 1, 3);
        GetTopicStatsInfoRequestHeader header = new GetTopicStatsInfoRequestHeader();
        header.setTopic(topic);
        RemotingCommand response = apache.call(RequestCode.GET_TOPIC_STATS_INFO, header, null);
        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        TopicStatsTable stats = TopicStatsTable.decode(response.getBody(), TopicStatsTable.class);
        var queue1 = stats.getOffsetTable().get(new MessageQueue(topic, "broker-a", 1));
        assertThat(queue1.getMaxOffset()).isEqualTo(3);
        assertThat(queue1.getMinOffset()).isZero();
        assertThat(queue1.getLastUpdateTimestamp()).isPositive();
        assertThat(
                        stats.getOffsetTable()
                                .get(new MessageQueue(topic, "broker-a", 0))
                                .getMaxOffset())
                .isZero();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerTopicNotExistForUnknownTopic(SerializeType type) throws Exception {
        GetTopicStatsInfoRequestHeader stats = new GetTopicStatsInfoRequestHeader();
        stats.setTopic("NoSuchTopic");
        assertThat(calls(type).call(RequestCode.GET_TOPIC_STATS_INFO, stats, null).getCode())
                .isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        GetTopicConfigRequestHeader config = new GetTopicConfigRequestHeader();
        config.setTopic("NoSuchTopic");
        assertThat(calls(type).call(RequestCode.GET_TOPIC_CONFIG, config, null).getCode())
                .isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldCreateReadAndDeleteSubscriptionGroup(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sub-group-" + type;
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        config.setRetryMaxTimes(3);
        config.setConsumeMessageOrderly(true);
        RemotingCommand created =
                apache.call(
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        null,
                        RemotingSerializable.encode(config));
        assertThat(created.getCode()).as(created.getRemark()).isZero();

        GetSubscriptionGroupConfigRequestHeader get = new GetSubscriptionGroupConfigRequestHeader();
        get.setGroup(group);
        RemotingCommand read = apache.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, get, null);
        SubscriptionGroupConfig back =
                RemotingSerializable.decode(read.getBody(), SubscriptionGroupConfig.class);
        assertThat(back.getRetryMaxTimes()).isEqualTo(3);
        assertThat(back.isConsumeMessageOrderly()).isTrue();
        assertThat(allGroups(apache)).containsKey(group);

        DeleteSubscriptionGroupRequestHeader delete = new DeleteSubscriptionGroupRequestHeader();
        delete.setGroupName(group);
        delete.setCleanOffset(true);
        assertThat(apache.call(RequestCode.DELETE_SUBSCRIPTIONGROUP, delete, null).getCode())
                .isZero();
        assertThat(allGroups(apache)).doesNotContainKey(group);
        // A lookup after the delete finds the defaults again (auto-creation is on, as in the
        // reference): the deleted group's own settings are gone.
        RemotingCommand again = apache.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, get, null);
        assertThat(again.getCode()).isEqualTo(ResponseCode.SUCCESS);
        SubscriptionGroupConfig recreated =
                RemotingSerializable.decode(again.getBody(), SubscriptionGroupConfig.class);
        assertThat(recreated.getRetryMaxTimes()).isEqualTo(16);
        assertThat(recreated.isConsumeMessageOrderly()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldComputeConsumeStatsFromCommittedOffsets(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "Lag" + type;
        String group = "lag-group-" + type;
        for (int i = 0; i < 5; i++) {
            apache.sendV2(topic, 0, "TagA", "m" + i);
        }
        awaitDispatched(apache, topic, 0, 5);
        commit(apache, group, topic, 0, 2);
        ConsumeStats stats = consumeStats(apache, group);
        OffsetWrapper queue0 = stats.getOffsetTable().get(new MessageQueue(topic, "broker-a", 0));
        assertThat(queue0.getBrokerOffset()).isEqualTo(5);
        assertThat(queue0.getConsumerOffset()).isEqualTo(2);
        assertThat(queue0.getLastTimestamp()).isPositive();
        assertThat(stats.computeTotalDiff()).isEqualTo(3);

        QueryTopicConsumeByWhoRequestHeader who = new QueryTopicConsumeByWhoRequestHeader();
        who.setTopic(topic);
        RemotingCommand groups = apache.call(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, who, null);
        assertThat(GroupList.decode(groups.getBody(), GroupList.class).getGroupList())
                .containsExactly(group);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreResetOffsetsAndReportConsumerNotOnline(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "Reset" + type;
        String group = "reset-group-" + type;
        for (int i = 0; i < 4; i++) {
            apache.sendV2(topic, 0, "TagA", "m" + i);
        }
        awaitDispatched(apache, topic, 0, 4);
        commit(apache, group, topic, 0, 4);
        ResetOffsetRequestHeader reset = new ResetOffsetRequestHeader();
        reset.setTopic(topic);
        reset.setGroup(group);
        reset.setTimestamp(0);
        reset.setForce(true);
        reset.setOffset(-1L);
        RemotingCommand response =
                apache.call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, reset, null);
        assertThat(response.getCode()).isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        assertThat(queryOffset(apache, group, topic, 0)).isZero();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRefuseConnectionQueriesForGroupsWithoutClients(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        GetConsumerConnectionListRequestHeader consumers =
                new GetConsumerConnectionListRequestHeader();
        consumers.setConsumerGroup("nobody");
        assertThat(apache.call(RequestCode.GET_CONSUMER_CONNECTION_LIST, consumers, null).getCode())
                .isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        GetProducerConnectionListRequestHeader producers =
                new GetProducerConnectionListRequestHeader();
        producers.setProducerGroup("nobody");
        assertThat(apache.call(RequestCode.GET_PRODUCER_CONNECTION_LIST, producers, null).getCode())
                .isEqualTo(ResponseCode.SYSTEM_ERROR);
        GetConsumerRunningInfoRequestHeader running = new GetConsumerRunningInfoRequestHeader();
        running.setConsumerGroup("nobody");
        running.setClientId("127.0.0.1@1");
        RemotingCommand info = apache.call(RequestCode.GET_CONSUMER_RUNNING_INFO, running, null);
        assertThat(info.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(info.getRemark()).contains("not online");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldReportRuntimeInfoWithTheKeysAdminToolsParse(SerializeType type) throws Exception {
        RemotingCommand response =
                calls(type).call(RequestCode.GET_BROKER_RUNTIME_INFO, null, null);
        KVTable table = KVTable.decode(response.getBody(), KVTable.class);
        assertThat(table.getTable())
                .containsKeys(
                        "msgPutTotalTodayNow",
                        "msgGetTotalTodayNow",
                        "putTps",
                        "getTransferredTps",
                        "brokerVersionDesc",
                        "bootTimestamp",
                        "commitLogMaxOffset",
                        "earliestMessageTimeStamp",
                        "commitLogDiskRatio",
                        "timerReadBehind");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldServeConfigTextAndRefuseKeysThatNeedRestart(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        RemotingCommand got = apache.call(RequestCode.GET_BROKER_CONFIG, null, null);
        String text = new String(got.getBody(), StandardCharsets.UTF_8);
        assertThat(MixAll.string2Properties(text).getProperty("brokerName")).isEqualTo("broker-a");

        byte[] refused = "listenPort=1\n".getBytes(StandardCharsets.UTF_8);
        RemotingCommand no = apache.call(RequestCode.UPDATE_BROKER_CONFIG, null, refused);
        assertThat(no.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(no.getRemark()).contains("listenPort");

        byte[] live = "autoCreateSubscriptionGroup=true\n".getBytes(StandardCharsets.UTF_8);
        assertThat(apache.call(RequestCode.UPDATE_BROKER_CONFIG, null, live).getCode()).isZero();
    }

    @org.junit.jupiter.api.Test
    void shouldCountPutsAndCommittedGetsInRuntimeInfo() throws Exception {
        ApacheCalls apache = calls(SerializeType.JSON);
        long puts = runtime(apache, "msgPutTotalTodayNow");
        for (int i = 0; i < 3; i++) {
            apache.sendV2("Traffic", 0, "TagA", "m" + i);
        }
        Await.until(
                java.time.Duration.ofSeconds(10),
                () -> runtime(apache, "msgPutTotalTodayNow") >= puts + 3,
                "puts counted");
        long gets = runtime(apache, "msgGetTotalTodayNow");
        commit(apache, "traffic-group", "Traffic", 0, 2);
        Await.until(
                java.time.Duration.ofSeconds(10),
                () -> runtime(apache, "msgGetTotalTodayNow") >= gets + 2,
                "committed gets counted");
    }

    /** Queue offsets appear when the store's dispatch thread has indexed the send. */
    private static void awaitDispatched(ApacheCalls apache, String topic, int q, long count) {
        Await.until(
                java.time.Duration.ofSeconds(10),
                () -> {
                    try {
                        return apache.maxOffset(topic, q) >= count;
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                },
                topic + " dispatched");
    }

    private static long runtime(ApacheCalls apache, String key) {
        try {
            RemotingCommand response = apache.call(RequestCode.GET_BROKER_RUNTIME_INFO, null, null);
            return Long.parseLong(
                    KVTable.decode(response.getBody(), KVTable.class).getTable().get(key));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Map<String, SubscriptionGroupConfig> allGroups(ApacheCalls apache)
            throws Exception {
        org.apache.rocketmq.remoting.protocol.header.GetAllSubscriptionGroupRequestHeader header =
                new org.apache.rocketmq.remoting.protocol.header
                        .GetAllSubscriptionGroupRequestHeader();
        header.setGroupSeq(0);
        header.setDataVersion("");
        header.setMaxGroupNum(1000);
        RemotingCommand response =
                apache.call(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, header, null);
        return SubscriptionGroupWrapper.decode(response.getBody(), SubscriptionGroupWrapper.class)
                .getSubscriptionGroupTable();
    }

    private static ConsumeStats consumeStats(ApacheCalls apache, String group) throws Exception {
        GetConsumeStatsRequestHeader header = new GetConsumeStatsRequestHeader();
        header.setConsumerGroup(group);
        RemotingCommand response = apache.call(RequestCode.GET_CONSUME_STATS, header, null);
        assertThat(response.getCode()).as(response.getRemark()).isZero();
        return ConsumeStats.decode(response.getBody(), ConsumeStats.class);
    }

    private static void commit(ApacheCalls apache, String group, String topic, int q, long offset)
            throws Exception {
        UpdateConsumerOffsetRequestHeader header = new UpdateConsumerOffsetRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(q);
        header.setCommitOffset(offset);
        assertThat(apache.call(RequestCode.UPDATE_CONSUMER_OFFSET, header, null).getCode())
                .isZero();
    }

    private static long queryOffset(ApacheCalls apache, String group, String topic, int q)
            throws Exception {
        QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(q);
        RemotingCommand response = apache.call(RequestCode.QUERY_CONSUMER_OFFSET, header, null);
        return response.decodeCommandCustomHeader(QueryConsumerOffsetResponseHeader.class)
                .getOffset();
    }
}
