package io.bolide.broker.admin;

import static io.bolide.broker.admin.OperationsFixture.GROUP;
import static io.bolide.broker.admin.OperationsFixture.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.body.BrokerStatsData;
import org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList;
import org.apache.rocketmq.remoting.protocol.body.CreateTopicListRequestBody;
import org.apache.rocketmq.remoting.protocol.body.QueryConsumeQueueResponseBody;
import org.apache.rocketmq.remoting.protocol.body.QueryConsumeTimeSpanBody;
import org.apache.rocketmq.remoting.protocol.body.QuerySubscriptionResponseBody;
import org.apache.rocketmq.remoting.protocol.body.QueueTimeSpan;
import org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupList;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.header.CloneGroupOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsInBrokerHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumeQueueRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumeTimeSpanRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QuerySubscriptionByConsumerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryTopicsByConsumerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ViewBrokerStatsDataRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operations codes that read or tidy the broker's own state: statistics, time spans, queue
 * entries, the broker-wide consume view, lookups by group, offset cloning, list creation and the
 * store clean-ups, each decoded with the reference's classes.
 */
@ExtendWith(LeakCheck.class)
class LookupsAndCleanupsTest {
    private OperationsFixture ops;

    @BeforeEach
    void open() throws IOException {
        ops = new OperationsFixture();
    }

    @AfterEach
    void close() throws IOException {
        ops.close();
    }

    private RemotingCommand ok(RemotingCommand answer) {
        assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        return answer;
    }

    private BrokerStatsData stats(String name, String key) {
        ViewBrokerStatsDataRequestHeader header = new ViewBrokerStatsDataRequestHeader();
        header.setStatsName(name);
        header.setStatsKey(key);
        RemotingCommand answer = ops.call(RequestCode.VIEW_BROKER_STATS_DATA, header);
        return answer.getCode() == 0
                ? BrokerStatsData.decode(answer.getBody(), BrokerStatsData.class)
                : null;
    }

    @Test
    void shouldCountPutsPerTopicOverEveryWindowAndRefuseUnknownStats() {
        ops.send(0, new byte[100]);
        ops.send(1, new byte[100]);

        BrokerStatsData puts = stats("TOPIC_PUT_NUMS", TOPIC);
        assertThat(puts.getStatsMinute().getSum()).isEqualTo(2);
        assertThat(puts.getStatsHour().getSum()).isEqualTo(2);
        assertThat(puts.getStatsDay().getSum()).isEqualTo(2);
        assertThat(puts.getStatsMinute().getAvgpt()).isEqualTo(1.0);
        BrokerStatsData size = stats("TOPIC_PUT_SIZE", TOPIC);
        assertThat(size.getStatsDay().getSum()).isGreaterThan(200);
        assertThat(stats("BROKER_PUT_NUMS", "any").getStatsDay().getSum()).isEqualTo(2);
        ViewBrokerStatsDataRequestHeader unknown = new ViewBrokerStatsDataRequestHeader();
        unknown.setStatsName("GROUP_GET_NUMS");
        unknown.setStatsKey(TOPIC + "@nobody");
        RemotingCommand refused = ops.call(RequestCode.VIEW_BROKER_STATS_DATA, unknown);
        assertThat(refused.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.getRemark())
                .isEqualTo("The stats <GROUP_GET_NUMS> <Ops@nobody> not exist");
    }

    @Test
    void shouldReportEachQueuesTimeSpanAndTheGroupsDelay() {
        long before = System.currentTimeMillis();
        ops.send(0, new byte[] {1});
        ops.send(0, new byte[] {2});
        ops.broker.offsets().commit(GROUP, TOPIC, 0, 1);
        QueryConsumeTimeSpanRequestHeader header = new QueryConsumeTimeSpanRequestHeader();
        header.setTopic(TOPIC);
        header.setGroup(GROUP);

        RemotingCommand answer = ok(ops.call(RequestCode.QUERY_CONSUME_TIME_SPAN, header));

        List<QueueTimeSpan> spans =
                QueryConsumeTimeSpanBody.decode(answer.getBody(), QueryConsumeTimeSpanBody.class)
                        .getConsumeTimeSpanSet();
        assertThat(spans).hasSize(2);
        QueueTimeSpan q0 = spans.get(0);
        assertThat(q0.getMessageQueue().getQueueId()).isZero();
        assertThat(q0.getMinTimeStamp()).isBetween(before, System.currentTimeMillis());
        assertThat(q0.getMaxTimeStamp()).isGreaterThanOrEqualTo(q0.getMinTimeStamp());
        assertThat(q0.getConsumeTimeStamp()).isEqualTo(q0.getMinTimeStamp());
        assertThat(q0.getDelayTime()).isGreaterThanOrEqualTo(0);
        assertThat(spans.get(1).getMaxTimeStamp()).isZero();
        header.setTopic("Unknown");
        assertThat(ops.call(RequestCode.QUERY_CONSUME_TIME_SPAN, header).getCode())
                .isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }

    @Test
    void shouldShowConsumeQueueEntriesFromAnIndex() {
        ops.send(0, new byte[] {1});
        ops.send(0, new byte[] {2});
        ops.send(0, new byte[] {3});
        QueryConsumeQueueRequestHeader header = new QueryConsumeQueueRequestHeader();
        header.setTopic(TOPIC);
        header.setQueueId(0);
        header.setIndex(1);
        header.setCount(5);
        header.setConsumerGroup(GROUP);

        RemotingCommand answer = ok(ops.call(RequestCode.QUERY_CONSUME_QUEUE, header));

        QueryConsumeQueueResponseBody body =
                QueryConsumeQueueResponseBody.decode(
                        answer.getBody(), QueryConsumeQueueResponseBody.class);
        assertThat(body.getMinQueueIndex()).isZero();
        assertThat(body.getMaxQueueIndex()).isEqualTo(3);
        assertThat(body.getQueueData()).hasSize(2);
        assertThat(body.getQueueData().get(1).getPhysicOffset())
                .isGreaterThan(body.getQueueData().get(0).getPhysicOffset());
        assertThat(body.getFilterData()).isEqualTo("cg@Ops is not online!");
        header.setQueueId(7);
        RemotingCommand missing = ops.call(RequestCode.QUERY_CONSUME_QUEUE, header);
        assertThat(missing.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.getRemark()).isEqualTo("7@Ops is not exist!");
    }

    @Test
    void shouldSumEveryGroupsLagInTheBrokerWideConsumeView() {
        ops.send(0, new byte[] {1});
        ops.send(0, new byte[] {2});
        ops.broker.groups().seen(GROUP);
        ops.broker.offsets().commit(GROUP, TOPIC, 0, 1);
        GetConsumeStatsInBrokerHeader header = new GetConsumeStatsInBrokerHeader();
        header.setIsOrder(false);

        RemotingCommand answer = ok(ops.call(RequestCode.GET_BROKER_CONSUME_STATS, header));

        ConsumeStatsList list = ConsumeStatsList.decode(answer.getBody(), ConsumeStatsList.class);
        assertThat(list.getTotalDiff()).isEqualTo(1);
        assertThat(list.getBrokerAddr()).isEqualTo(ops.broker.self().address());
        Map<String, List<ConsumeStats>> group = list.getConsumeStatsList().get(0);
        assertThat(group).containsOnlyKeys(GROUP);
        assertThat(group.get(GROUP).get(0).getOffsetTable()).hasSize(2);
        header.setIsOrder(true);
        ConsumeStatsList ordered =
                ConsumeStatsList.decode(
                        ok(ops.call(RequestCode.GET_BROKER_CONSUME_STATS, header)).getBody(),
                        ConsumeStatsList.class);
        assertThat(ordered.getConsumeStatsList()).isEmpty();
    }

    @Test
    void shouldFindTopicsAndSubscriptionsByGroup() {
        ops.broker.offsets().commit(GROUP, TOPIC, 0, 0);
        ops.heartbeat("client-1");
        QueryTopicsByConsumerRequestHeader byGroup = new QueryTopicsByConsumerRequestHeader();
        byGroup.setGroup(GROUP);
        TopicList topics =
                TopicList.decode(
                        ok(ops.call(RequestCode.QUERY_TOPICS_BY_CONSUMER, byGroup)).getBody(),
                        TopicList.class);
        assertThat(topics.getTopicList()).containsExactly(TOPIC);
        assertThat(topics.getBrokerAddr()).isEqualTo(ops.broker.self().address());

        QuerySubscriptionByConsumerRequestHeader sub =
                new QuerySubscriptionByConsumerRequestHeader();
        sub.setGroup(GROUP);
        sub.setTopic(TOPIC);
        QuerySubscriptionResponseBody body =
                QuerySubscriptionResponseBody.decode(
                        ok(ops.call(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, sub)).getBody(),
                        QuerySubscriptionResponseBody.class);
        assertThat(body.getSubscriptionData().getSubString()).isEqualTo("*");
        assertThat(body.getGroup()).isEqualTo(GROUP);
    }

    @Test
    void shouldListTheReferencesSystemTopics() {
        TopicList list =
                TopicList.decode(
                        ok(ops.call(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER, null)).getBody(),
                        TopicList.class);
        assertThat(list.getTopicList())
                .contains("TBW102", "SCHEDULE_TOPIC_XXXX", "RMQ_SYS_TRANS_HALF_TOPIC")
                .hasSize(12);
    }

    @Test
    void shouldCloneOffsetsToAnotherGroup() {
        ops.broker.offsets().commit(GROUP, TOPIC, 0, 4);
        ops.broker.offsets().commit(GROUP, TOPIC, 1, 6);
        CloneGroupOffsetRequestHeader header = new CloneGroupOffsetRequestHeader();
        header.setSrcGroup(GROUP);
        header.setDestGroup("copy");
        header.setOffline(false);

        ok(ops.call(RequestCode.CLONE_GROUP_OFFSET, header));

        assertThat(ops.broker.offsets().query("copy", TOPIC, 0)).isEqualTo(4);
        assertThat(ops.broker.offsets().query("copy", TOPIC, 1)).isEqualTo(6);
    }

    @Test
    void shouldCreateTopicsAndGroupsFromLists() {
        CreateTopicListRequestBody topics = new CreateTopicListRequestBody();
        topics.setTopicConfigList(List.of(new TopicConfig("A", 2, 2, 6), new TopicConfig("B")));
        ok(ops.call(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST, null, topics.encode()));
        SubscriptionGroupList groups = new SubscriptionGroupList();
        SubscriptionGroupConfig g1 = new SubscriptionGroupConfig();
        g1.setGroupName("g1");
        g1.setRetryMaxTimes(3);
        SubscriptionGroupConfig g2 = new SubscriptionGroupConfig();
        g2.setGroupName("g2");
        groups.setGroupConfigList(List.of(g1, g2));
        ok(ops.call(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST, null, groups.encode()));

        assertThat(ops.broker.topics().get("A").writeQueueNums()).isEqualTo(2);
        assertThat(ops.broker.topics().get("B")).isNotNull();
        assertThat(ops.broker.groups().get("g1").retryMaxTimes()).isEqualTo(3);
        assertThat(ops.broker.groups().get("g2")).isNotNull();
        g2.setGroupName("bad name!");
        RemotingCommand refused =
                ops.call(
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST,
                        null,
                        groups.encode());
        assertThat(refused.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
    }

    @Test
    void shouldDeleteQueuesOfTopicsNoLongerInTheTableAndKeepTheOthers() {
        ops.send(0, new byte[] {1});
        ops.broker.topics().put(TopicTable.config("Kept", 1, Perm.READ | Perm.WRITE));
        String kept = ops.send(0, new byte[] {2});
        assertThat(kept).isNotNull();
        assertThat(ops.broker.store().hasQueue(TOPIC, 0)).isTrue();
        ops.broker.topics().remove(TOPIC);

        ok(ops.call(RequestCode.CLEAN_UNUSED_TOPIC, null));

        assertThat(ops.broker.store().hasQueue(TOPIC, 0)).isFalse();
        ok(ops.call(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE, null));
        ok(ops.call(RequestCode.DELETE_EXPIRED_COMMITLOG, null));
    }
}
