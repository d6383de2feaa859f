package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad sends get the reference broker's response codes, and the broker keeps serving. */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
class BrokerRefusalTest {
    @TempDir static Path dir;
    private static Broker broker;
    private static ApacheCalls apache;

    @BeforeAll
    static void start() throws Exception {
        broker =
                Broker.start(
                        TestBrokers.config(dir)
                                .set("maxMessageSize", Integer.toString(1024))
                                .build());
        apache = new ApacheCalls("127.0.0.1:" + broker.port(), SerializeType.JSON);
    }

    @AfterAll
    static void stop() {
        apache.close();
        broker.close();
    }

    private static RemotingCommand send(SendMessageRequestHeader header, byte[] body)
            throws Exception {
        return apache.call(
                RequestCode.SEND_MESSAGE_V2,
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                body);
    }

    @Test
    void shouldRefuseIllegalTopicName() throws Exception {
        RemotingCommand response = send(ApacheCalls.sendHeader("bad topic!", 0, "T"), new byte[1]);
        assertThat(response.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(response.getRemark()).contains("illegal characters");
    }

    @Test
    void shouldRefuseOversizedBody() throws Exception {
        RemotingCommand response = send(ApacheCalls.sendHeader("Big", 0, "T"), new byte[1025]);
        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).contains("1024B");
    }

    @Test
    void shouldRefuseUnknownTopicWithoutInheritableTemplate() throws Exception {
        SendMessageRequestHeader header = ApacheCalls.sendHeader("NoTemplate", 0, "T");
        header.setDefaultTopic("NoSuchTemplate");
        RemotingCommand response = send(header, new byte[1]);
        assertThat(response.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.getRemark()).startsWith("topic[NoTemplate] not exist");
    }

    @Test
    void shouldRefuseQueueIdBeyondTheTopicsQueues() throws Exception {
        RemotingCommand response = send(ApacheCalls.sendHeader("FewQueues", 9, "T"), new byte[1]);
        assertThat(response.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(response.getRemark()).contains("queueId[9] is illegal");
    }

    @Test
    void shouldRefuseSendsToSystemTopics() throws Exception {
        RemotingCommand response =
                send(ApacheCalls.sendHeader("SCHEDULE_TOPIC_XXXX", 0, "T"), new byte[1]);
        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
    }

    @Test
    void shouldAnswerUnknownCodeAndKeepServing() throws Exception {
        RemotingCommand unknown = apache.call(9999, null, null);
        assertThat(unknown.getCode()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        RemotingCommand fine = apache.sendV2("StillServing", 0, "T", "ok");
        assertThat(fine.getCode()).isZero();
    }

    @Test
    void shouldCreateTopicWithTheClientsQueueCountCappedByTheTemplate() throws Exception {
        SendMessageRequestHeader header = ApacheCalls.sendHeader("AutoCreated", 0, "T");
        header.setDefaultTopicQueueNums(3);
        assertThat(send(header, new byte[1]).getCode()).isZero();
        assertThat(broker.topicConfig("AutoCreated")).isNotNull();
        assertThat(broker.topicConfig("AutoCreated").writeQueueNums()).isEqualTo(3);
        assertThat(broker.topicConfig("AutoCreated").perm()).isEqualTo(6);
    }

    @Test
    void shouldCreateListAndDeleteTopicsForAdmins() throws Exception {
        org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader create =
                new org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader();
        create.setTopic("AdminTopic");
        create.setDefaultTopic("TBW102");
        create.setReadQueueNums(3);
        create.setWriteQueueNums(3);
        create.setPerm(6);
        create.setTopicFilterType("SINGLE_TAG");
        create.setTopicSysFlag(0);
        create.setOrder(false);
        create.setAttributes("+message.type=NORMAL");
        assertThat(apache.call(RequestCode.UPDATE_AND_CREATE_TOPIC, create, null).getCode())
                .isZero();

        org.apache.rocketmq.remoting.protocol.header.GetAllTopicConfigRequestHeader all =
                new org.apache.rocketmq.remoting.protocol.header.GetAllTopicConfigRequestHeader();
        all.setTopicSeq(0);
        all.setMaxTopicNum(2000);
        RemotingCommand listed = apache.call(RequestCode.GET_ALL_TOPIC_CONFIG, all, null);
        assertThat(listed.getCode()).isZero();
        org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper table =
                org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper.decode(
                        listed.getBody(),
                        org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper
                                .class);
        assertThat(table.getTopicConfigTable().get("AdminTopic").getWriteQueueNums()).isEqualTo(3);
        assertThat(table.getTopicConfigTable().get("AdminTopic").getAttributes())
                .containsEntry("message.type", "NORMAL");
        assertThat(listed.getExtFields().get("totalTopicNum"))
                .isEqualTo(Integer.toString(table.getTopicConfigTable().size()));

        org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader delete =
                new org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader();
        delete.setTopic("AdminTopic");
        assertThat(apache.call(RequestCode.DELETE_TOPIC_IN_BROKER, delete, null).getCode())
                .isZero();
        assertThat(broker.topicConfig("AdminTopic")).isNull();
    }
}
