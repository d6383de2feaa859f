package io.bolide.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.BrokerConsumerTest;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.LanguageCode;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.body.Connection;
import org.apache.rocketmq.remoting.protocol.body.ConsumerConnection;
import org.apache.rocketmq.remoting.protocol.body.GroupList;
import org.apache.rocketmq.remoting.protocol.body.ProducerConnection;
import org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerRunningInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetProducerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryTopicConsumeByWhoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ResetOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin codes that look at clients: consume statistics, connection lists, who consumes a topic,
 * offset resets (told to online members) and running info relayed from a member. The embedded
 * channel plays both the admin tool and the client that heartbeats.
 */
@ExtendWith(LeakCheck.class)
class AdminClientsTest {
    private static final String GROUP = "cg";
    private static final String TOPIC = "Watched";

    private EmbeddedBroker broker;

    @BeforeEach
    void open() throws IOException {
        broker = EmbeddedBroker.open();
        AdminPlane.install(
                broker.codes(),
                broker.config(),
                broker.liveSettings(),
                broker.topics(),
                broker.offsets(),
                broker.clients(),
                broker.store(),
                0);
        broker.installConsumer();
        broker.installSend();
        broker.topics().put(TopicTable.config(TOPIC, 2, Perm.READ | Perm.WRITE));
    }

    @AfterEach
    void close() throws IOException {
        broker.close();
    }

    private RemotingCommand call(int code, org.apache.rocketmq.remoting.CommandCustomHeader h) {
        return broker.call(code, h, null, SerializeType.JSON);
    }

    /**
     * Heartbeats as member "client-1"; the broker may first tell members the group changed
     * (NOTIFY_CONSUMER_IDS_CHANGED, a request to the client), which is skipped here.
     */
    private void heartbeat(String topic) {
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        request.setBody(BrokerConsumerTest.heartbeat("client-1", GROUP, topic, "*"));
        broker.write(request);
        RemotingCommand beat = broker.nextAnswer();
        assertThat(beat).isNotNull();
        assertThat(beat.getCode()).as(beat.getRemark()).isZero();
    }

    private void sendAndAwait(int queueId, int count) {
        for (int i = 0; i < count; i++) {
            RemotingCommand sent =
                    broker.call(
                            RequestCode.SEND_MESSAGE_V2,
                            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                    ApacheCalls.sendHeader(TOPIC, queueId, "T")),
                            new byte[] {1},
                            SerializeType.ROCKETMQ);
            assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        }
        Await.until(() -> broker.store().maxOffset(TOPIC, queueId) >= count, "dispatch");
    }

    private ConsumeStats consumeStats(String topic) {
        GetConsumeStatsRequestHeader header = new GetConsumeStatsRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(topic);
        RemotingCommand response = call(RequestCode.GET_CONSUME_STATS, header);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        return ConsumeStats.decode(response.getBody(), ConsumeStats.class);
    }

    @Test
    void shouldReportBrokerAndCommittedOffsetsOfEveryQueueOfTheGroupsTopics() {
        long before = System.currentTimeMillis();
        sendAndAwait(0, 3);
        broker.offsets().commit(GROUP, TOPIC, 0, 2);

        ConsumeStats stats = consumeStats(null);

        String name = broker.config().brokerName();
        Map<MessageQueue, OffsetWrapper> table = stats.getOffsetTable();
        assertThat(table).hasSize(2);
        OffsetWrapper q0 = table.get(new MessageQueue(TOPIC, name, 0));
        assertThat(q0.getBrokerOffset()).isEqualTo(3);
        assertThat(q0.getConsumerOffset()).isEqualTo(2);
        assertThat(q0.getLastTimestamp()).isBetween(before, System.currentTimeMillis());
        OffsetWrapper q1 = table.get(new MessageQueue(TOPIC, name, 1));
        assertThat(q1.getBrokerOffset()).isZero();
        assertThat(q1.getConsumerOffset()).isZero();
        assertThat(q1.getLastTimestamp()).isZero();
        assertThat(stats.computeTotalDiff()).isEqualTo(1);
    }

    @Test
    void shouldLeaveOutTopicsAnOnlineGroupNoLongerSubscribes() {
        broker.topics().put(TopicTable.config("Old", 1, Perm.READ | Perm.WRITE));
        broker.offsets().commit(GROUP, "Old", 0, 0);
        broker.offsets().commit(GROUP, TOPIC, 0, 0);
        assertThat(consumeStats(null).getOffsetTable()).hasSize(3);

        heartbeat(TOPIC);

        assertThat(consumeStats(null).getOffsetTable().keySet())
                .extracting(MessageQueue::getTopic)
                .containsOnly(TOPIC);
        assertThat(consumeStats("Old").getOffsetTable()).isEmpty();
    }

    @Test
    void shouldListTheConsumerConnectionsWithTheirSubscriptionsAndClientLanguage() {
        heartbeat(TOPIC);
        GetConsumerConnectionListRequestHeader header =
                new GetConsumerConnectionListRequestHeader();
        header.setConsumerGroup(GROUP);

        RemotingCommand response = call(RequestCode.GET_CONSUMER_CONNECTION_LIST, header);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        ConsumerConnection body =
                ConsumerConnection.decode(response.getBody(), ConsumerConnection.class);
        assertThat(body.getConnectionSet()).hasSize(1);
        Connection connection = body.getConnectionSet().iterator().next();
        assertThat(connection.getClientId()).isEqualTo("client-1");
        assertThat(connection.getClientAddr()).isEqualTo(broker.server().peer());
        assertThat(connection.getLanguage()).isEqualTo(LanguageCode.JAVA);
        assertThat(body.getSubscriptionTable()).containsOnlyKeys(TOPIC);
        assertThat(body.getConsumeType()).isEqualTo(ConsumeType.CONSUME_PASSIVELY);
        assertThat(body.getMessageModel()).isEqualTo(MessageModel.CLUSTERING);
        assertThat(body.getConsumeFromWhere()).isEqualTo(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
    }

    @Test
    void shouldAnswerConsumerNotOnlineForAGroupWithoutMembers() {
        GetConsumerConnectionListRequestHeader header =
                new GetConsumerConnectionListRequestHeader();
        header.setConsumerGroup("ghosts");

        RemotingCommand response = call(RequestCode.GET_CONSUMER_CONNECTION_LIST, header);

        assertThat(response.getCode()).isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        assertThat(response.getRemark()).isEqualTo("the consumer group[ghosts] not online");
    }

    @Test
    void shouldListProducerConnectionsOfAGroupAndRefuseAnUnknownGroup() {
        HeartbeatData data = new HeartbeatData();
        data.setClientID("producer-1");
        ProducerData producer = new ProducerData();
        producer.setGroupName("pg");
        data.setProducerDataSet(Set.of(producer));
        assertThat(
                        broker.call(RequestCode.HEART_BEAT, null, data.encode(), SerializeType.JSON)
                                .getCode())
                .isZero();
        GetProducerConnectionListRequestHeader known = new GetProducerConnectionListRequestHeader();
        known.setProducerGroup("pg");
        GetProducerConnectionListRequestHeader unknown =
                new GetProducerConnectionListRequestHeader();
        unknown.setProducerGroup("nobody");

        RemotingCommand listed = call(RequestCode.GET_PRODUCER_CONNECTION_LIST, known);
        RemotingCommand refused = call(RequestCode.GET_PRODUCER_CONNECTION_LIST, unknown);

        assertThat(listed.getCode()).isEqualTo(ResponseCode.SUCCESS);
        ProducerConnection body =
                ProducerConnection.decode(listed.getBody(), ProducerConnection.class);
        assertThat(body.getConnectionSet())
                .extracting(Connection::getClientId)
                .containsExactly("producer-1");
        assertThat(refused.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.getRemark()).isEqualTo("the producer group[nobody] not exist");
    }

    @Test
    void shouldNameGroupsWithOffsetsAndOnlineSubscribersAsConsumersOfATopic() {
        broker.offsets().commit("committed", TOPIC, 0, 1);
        broker.offsets().commit("elsewhere", "Other", 0, 1);
        heartbeat(TOPIC);
        QueryTopicConsumeByWhoRequestHeader header = new QueryTopicConsumeByWhoRequestHeader();
        header.setTopic(TOPIC);

        RemotingCommand response = call(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, header);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(GroupList.decode(response.getBody(), GroupList.class).getGroupList())
                .containsExactlyInAnyOrder("committed", GROUP);
    }

    private static ResetOffsetRequestHeader reset(long timestamp, boolean force) {
        ResetOffsetRequestHeader header = new ResetOffsetRequestHeader();
        header.setGroup(GROUP);
        header.setTopic(TOPIC);
        header.setTimestamp(timestamp);
        header.setForce(force);
        header.setQueueId(-1);
        return header;
    }

    @Test
    void shouldStoreResetOffsetsAndTellOnlineMembersBeforeAnswering() {
        sendAndAwait(0, 4);
        broker.offsets().commit(GROUP, TOPIC, 0, 1);
        heartbeat(TOPIC);

        broker.write(
                RemotingCommand.createRequestCommand(
                        RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, reset(-1, true)));

        RemotingCommand told = broker.next();
        assertThat(told.getCode()).isEqualTo(RequestCode.RESET_CONSUMER_CLIENT_OFFSET);
        assertThat(told.isOnewayRPC()).isTrue();
        Map<MessageQueue, Long> offsets =
                ResetOffsetBody.decode(told.getBody(), ResetOffsetBody.class).getOffsetTable();
        String name = broker.config().brokerName();
        assertThat(offsets)
                .containsEntry(new MessageQueue(TOPIC, name, 0), 4L)
                .containsEntry(new MessageQueue(TOPIC, name, 1), 0L);
        RemotingCommand answer = broker.next();
        assertThat(answer.isResponseType()).isTrue();
        assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.offsets().query(GROUP, TOPIC, 0)).isEqualTo(4);
    }

    @Test
    void shouldOnlyMoveOffsetsBackwardsUnlessForced() {
        sendAndAwait(0, 4);
        broker.offsets().commit(GROUP, TOPIC, 0, 2);

        RemotingCommand answer = call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, reset(-1, false));

        assertThat(answer.getCode()).isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        assertThat(answer.getRemark())
                .isEqualTo(
                        "Consumer not online, so can not reset offset, Group: cg Topic: "
                                + TOPIC
                                + " Timestamp: -1");
        assertThat(broker.offsets().query(GROUP, TOPIC, 0)).isEqualTo(2);
        assertThat(broker.offsets().query(GROUP, TOPIC, 1)).isZero();
    }

    @Test
    void shouldResetOneQueueToAnExplicitOffset() {
        ResetOffsetRequestHeader header = reset(0, false);
        header.setQueueId(1);
        header.setOffset(7L);

        call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header);

        assertThat(broker.offsets().query(GROUP, TOPIC, 1)).isEqualTo(7);
        assertThat(broker.offsets().query(GROUP, TOPIC, 0)).isEqualTo(-1);
    }

    @Test
    void shouldRefuseResetOfAnUnknownTopic() {
        ResetOffsetRequestHeader header = reset(-1, true);
        header.setTopic("Unknown");

        RemotingCommand answer = call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header);

        assertThat(answer.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(answer.getRemark()).isEqualTo("topic[Unknown] not exist");
    }

    private static GetConsumerRunningInfoRequestHeader runningInfo(String clientId) {
        GetConsumerRunningInfoRequestHeader header = new GetConsumerRunningInfoRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setClientId(clientId);
        header.setJstackEnable(false);
        return header;
    }

    @Test
    void shouldRelayTheMembersRunningInfoAnswerToTheAdmin() {
        heartbeat(TOPIC);
        RemotingCommand ask =
                RemotingCommand.createRequestCommand(
                        RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo("client-1"));
        broker.write(ask);

        RemotingCommand forwarded = broker.next();
        assertThat(forwarded.getCode()).isEqualTo(RequestCode.GET_CONSUMER_RUNNING_INFO);
        assertThat(forwarded.getExtFields())
                .containsEntry("consumerGroup", GROUP)
                .containsEntry("clientId", "client-1");
        RemotingCommand reply =
                RemotingCommand.createResponseCommand(ResponseCode.SUCCESS, "from client");
        reply.setOpaque(forwarded.getOpaque());
        reply.setBody("{\"properties\":{}}".getBytes(StandardCharsets.UTF_8));
        broker.write(reply);

        RemotingCommand relayed = broker.next();
        assertThat(relayed.isResponseType()).isTrue();
        assertThat(relayed.getOpaque()).isEqualTo(ask.getOpaque());
        assertThat(relayed.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(relayed.getRemark()).isEqualTo("from client");
        assertThat(new String(relayed.getBody(), StandardCharsets.UTF_8))
                .isEqualTo("{\"properties\":{}}");
    }

    @Test
    void shouldRelayTheMembersRefusalCode() {
        heartbeat(TOPIC);
        RemotingCommand ask =
                RemotingCommand.createRequestCommand(
                        RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo("client-1"));
        broker.write(ask);
        RemotingCommand forwarded = broker.next();
        RemotingCommand reply =
                RemotingCommand.createResponseCommand(ResponseCode.SYSTEM_ERROR, "no info");
        reply.setOpaque(forwarded.getOpaque());
        broker.write(reply);

        RemotingCommand relayed = broker.next();

        assertThat(relayed.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(relayed.getRemark()).isEqualTo("no info");
        assertThat(relayed.getBody()).isNull();
    }

    @Test
    void shouldRefuseRunningInfoOfAClientThatIsNotAMember() {
        heartbeat(TOPIC);

        RemotingCommand answer =
                call(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo("client-2"));

        assertThat(answer.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.getRemark()).isEqualTo("The Consumer <cg> <client-2> not online");
        assertThat(broker.server().readOutbound()).isNull();
    }
}
