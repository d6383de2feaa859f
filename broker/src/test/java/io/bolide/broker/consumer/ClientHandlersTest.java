package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Heartbeats;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.GetConsumerListByGroupResponseBody;
import io.bolide.protocol.body.HeartbeatData;
import io.bolide.protocol.body.ProducerData;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** HEART_BEAT, UNREGISTER_CLIENT and GET_CONSUMER_LIST_BY_GROUP on one client connection. */
@ExtendWith(LeakCheck.class)
class ClientHandlersTest {
    @TempDir Path dir;
    private ConsumerFixture broker;

    @BeforeEach
    void open() throws Exception {
        broker = new ConsumerFixture(dir);
    }

    @AfterEach
    void close() throws Exception {
        broker.close();
    }

    private Reply heartbeat(HeartbeatData data) {
        return broker.callJson(RequestCode.HEART_BEAT, Map.of(), data);
    }

    private Reply consumerList(String group) {
        return broker.call(
                RequestCode.GET_CONSUMER_LIST_BY_GROUP, Wire.fields("consumerGroup", group));
    }

    @Test
    void shouldRegisterTheGroupAndItsSubscriptionOnHeartbeat() {
        Reply reply = heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "A || B", 3));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        ConsumerGroup group = broker.clients.consumerGroup("g1");
        assertThat(group).isNotNull();
        assertThat(group.subscription("Orders").expression()).isEqualTo("A || B");
        assertThat(group.subscription("Orders").subVersion()).isEqualTo(3);
        assertThat(group.subscription("Other")).isNull();
    }

    @Test
    void shouldCreateTheRetryTopicAndTheGroupSettingsOnHeartbeat() {
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "*", 1));

        assertThat(broker.topics.get("%RETRY%g1")).isNotNull();
        assertThat(broker.groups.get("g1")).isNotNull();
    }

    @Test
    void shouldNotCreateGroupSettingsWhileAutoCreationIsOff() {
        broker.autoCreateGroups = false;

        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "*", 1));

        assertThat(broker.groups.get("g1")).isNull();
        assertThat(broker.clients.consumerGroup("g1")).isNotNull();
    }

    @Test
    void shouldKeepTheNewerSubscriptionWhenAnOlderHeartbeatArrives() {
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "B", 5));
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "A", 4));

        assertThat(broker.clients.consumerGroup("g1").subscription("Orders").expression())
                .isEqualTo("B");
    }

    @Test
    void shouldRegisterProducerGroups() {
        HeartbeatData producer =
                new HeartbeatData("client-1", Set.of(new ProducerData("pg")), Set.of(), 0, false);

        assertThat(heartbeat(producer).code()).isEqualTo(ResponseCode.SUCCESS);

        assertThat(broker.clients.producerGroup("pg")).hasSize(1);
        assertThat(broker.clients.producerConnection("pg")).isNotNull();
    }

    @Test
    void shouldRefuseAHeartbeatWithoutBody() {
        Reply reply = Wire.call(broker.server, RequestCode.HEART_BEAT, Map.of(), null);

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).isEqualTo("heartbeat without body");
    }

    @Test
    void shouldRefuseAHeartbeatWithoutClientId() {
        Reply reply = heartbeat(Heartbeats.consumer(null, "g1", "Orders", "*", 1));

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).isEqualTo("heartbeat without clientID");
        assertThat(broker.clients.consumerGroup("g1")).isNull();
    }

    @Test
    void shouldListTheClientIdsOfAGroup() {
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "*", 1));

        Reply reply = consumerList("g1");

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.json(GetConsumerListByGroupResponseBody.class).consumerIdList())
                .containsExactly("client-1");
    }

    @Test
    void shouldAnswerSystemErrorForAGroupWithoutConsumers() {
        Reply reply = consumerList("nobody");

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).isEqualTo("no consumer for this group, nobody");
    }

    @Test
    void shouldDropTheClientFromItsGroupOnUnregister() {
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "*", 1));

        Reply reply =
                broker.call(
                        RequestCode.UNREGISTER_CLIENT,
                        Wire.fields("clientID", "client-1", "consumerGroup", "g1"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(consumerList("g1").code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    @Test
    void shouldKeepOtherGroupsOnUnregister() {
        heartbeat(Heartbeats.consumer("client-1", "g1", "Orders", "*", 1));
        heartbeat(Heartbeats.consumer("client-1", "g2", "Orders", "*", 1));

        broker.call(
                RequestCode.UNREGISTER_CLIENT,
                Wire.fields("clientID", "client-1", "consumerGroup", "g1"));

        assertThat(consumerList("g2").code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void shouldDropTheProducerFromItsGroupOnUnregister() {
        heartbeat(
                new HeartbeatData("client-1", Set.of(new ProducerData("pg")), Set.of(), 0, false));

        broker.call(
                RequestCode.UNREGISTER_CLIENT,
                Wire.fields("clientID", "client-1", "producerGroup", "pg"));

        assertThat(broker.clients.producerGroup("pg")).isEmpty();
        assertThat(broker.clients.producerConnection("pg")).isNull();
    }
}
