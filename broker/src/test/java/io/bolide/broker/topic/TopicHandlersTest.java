package io.bolide.broker.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.util.Map;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetAllTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** DELETE_TOPIC_IN_BROKER, GET_ALL_TOPIC_CONFIG and GET_TOPIC_CONFIG as admin tools call them. */
@ExtendWith(LeakCheck.class)
class TopicHandlersTest {
    private EmbeddedBroker broker;

    @BeforeEach
    void open() throws IOException {
        broker = EmbeddedBroker.open();
        TopicFeature.install(broker.codes(), broker.topics(), broker.offsets(), broker.store());
        broker.installSend();
    }

    @AfterEach
    void close() throws IOException {
        broker.close();
    }

    private void sendAndAwait(String topic, int queueId) {
        RemotingCommand sent =
                broker.call(
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                ApacheCalls.sendHeader(topic, queueId, "T")),
                        new byte[] {1},
                        SerializeType.ROCKETMQ);
        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        Await.until(() -> broker.store().maxOffset(topic, queueId) > 0, "dispatch to " + topic);
    }

    private static DeleteTopicRequestHeader delete(String topic) {
        DeleteTopicRequestHeader header = new DeleteTopicRequestHeader();
        header.setTopic(topic);
        return header;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldForgetDeletedTopicItsQueuesAndItsConsumerOffsets(SerializeType type) {
        broker.topics().put(TopicTable.config("Doomed", 2, Perm.READ | Perm.WRITE));
        broker.topics().put(TopicTable.config("Kept", 2, Perm.READ | Perm.WRITE));
        sendAndAwait("Doomed", 1);
        sendAndAwait("Kept", 1);
        broker.offsets().commit("g", "Doomed", 1, 1);
        broker.offsets().commit("g", "Kept", 1, 1);

        RemotingCommand response =
                broker.call(RequestCode.DELETE_TOPIC_IN_BROKER, delete("Doomed"), null, type);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.topics().get("Doomed")).isNull();
        assertThat(broker.store().maxOffset("Doomed", 1)).isZero();
        assertThat(broker.offsets().query("g", "Doomed", 1)).isNegative();
        assertThat(broker.topics().get("Kept")).isNotNull();
        assertThat(broker.store().maxOffset("Kept", 1)).isEqualTo(1);
        assertThat(broker.offsets().query("g", "Kept", 1)).isEqualTo(1);
    }

    @Test
    void shouldAnswerSuccessWhenDeletingAnUnknownTopic() {
        long counter = broker.topics().version().counter();

        RemotingCommand response =
                broker.call(
                        RequestCode.DELETE_TOPIC_IN_BROKER,
                        delete("Never"),
                        null,
                        SerializeType.JSON);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.topics().version().counter()).isEqualTo(counter);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldListEveryTopicWithItsSettingsAndTheTableVersion(SerializeType type) {
        broker.topics().put(TopicTable.config("Listed", 3, Perm.READ));

        RemotingCommand response =
                broker.call(
                        RequestCode.GET_ALL_TOPIC_CONFIG,
                        new GetAllTopicConfigRequestHeader(),
                        null,
                        type);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfigAndMappingSerializeWrapper body =
                TopicConfigAndMappingSerializeWrapper.decode(
                        response.getBody(), TopicConfigAndMappingSerializeWrapper.class);
        Map<String, TopicConfig> table = body.getTopicConfigTable();
        assertThat(table.keySet()).isEqualTo(broker.topics().all().keySet());
        assertThat(table).containsKeys("TBW102", "SELF_TEST_TOPIC", broker.config().brokerName());
        TopicConfig listed = table.get("Listed");
        assertThat(listed.getReadQueueNums()).isEqualTo(3);
        assertThat(listed.getWriteQueueNums()).isEqualTo(3);
        assertThat(listed.getPerm()).isEqualTo(Perm.READ);
        assertThat(body.getDataVersion().getCounter().get())
                .isEqualTo(broker.topics().version().counter());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerOneTopicsSettingsAsTheClientReadsThem(SerializeType type) throws Exception {
        broker.topics()
                .put(
                        io.bolide.protocol.body.TopicConfig.builder("One")
                                .readQueueNums(2)
                                .writeQueueNums(5)
                                .perm(Perm.READ | Perm.WRITE)
                                .order(true)
                                .build());
        GetTopicConfigRequestHeader header = new GetTopicConfigRequestHeader();
        header.setTopic("One");

        RemotingCommand response = broker.call(RequestCode.GET_TOPIC_CONFIG, header, null, type);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfigAndQueueMapping config =
                RemotingSerializable.decode(response.getBody(), TopicConfigAndQueueMapping.class);
        assertThat(config.getTopicName()).isEqualTo("One");
        assertThat(config.getReadQueueNums()).isEqualTo(2);
        assertThat(config.getWriteQueueNums()).isEqualTo(5);
        assertThat(config.getPerm()).isEqualTo(Perm.READ | Perm.WRITE);
        assertThat(config.isOrder()).isTrue();
        assertThat(config.getMappingDetail()).isNull();
    }

    @Test
    void shouldAnswerTopicNotExistForAnUnknownTopicsSettings() {
        GetTopicConfigRequestHeader header = new GetTopicConfigRequestHeader();
        header.setTopic("Missing");

        RemotingCommand response =
                broker.call(RequestCode.GET_TOPIC_CONFIG, header, null, SerializeType.ROCKETMQ);

        assertThat(response.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.getRemark()).isEqualTo("No topic in this broker. topic: Missing");
    }
}
