package io.bolide.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.util.function.UnaryOperator;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks a send passes before anything is stored, each refusal with the reference broker's
 * response code and remark, and topic auto-creation from the template: real handlers on an embedded
 * server over a real store.
 */
@ExtendWith(LeakCheck.class)
class SendRefusalTest {
    private EmbeddedBroker broker;

    private EmbeddedBroker open(UnaryOperator<BrokerConfig.Builder> settings) throws IOException {
        broker = EmbeddedBroker.open(settings);
        broker.installSend();
        return broker;
    }

    private EmbeddedBroker open() throws IOException {
        return open(b -> b);
    }

    @AfterEach
    void close() throws IOException {
        if (broker != null) {
            broker.close();
        }
    }

    static RemotingCommand send(
            EmbeddedBroker broker, SendMessageRequestHeader header, byte[] body) {
        return broker.call(
                RequestCode.SEND_MESSAGE_V2,
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                body,
                SerializeType.ROCKETMQ);
    }

    private RemotingCommand send(String topic, int queueId) {
        return send(broker, ApacheCalls.sendHeader(topic, queueId, "T"), new byte[] {1, 2, 3});
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRefuseEverySendWhileTheBrokerIsNotWritable(SerializeType type) throws IOException {
        open(b -> b.set("brokerPermission", Integer.toString(Perm.READ)));
        broker.topics().put(TopicTable.config("Writable", 4, Perm.READ | Perm.WRITE));

        RemotingCommand response =
                broker.call(
                        RequestCode.SEND_MESSAGE,
                        ApacheCalls.sendHeader("Writable", 0, "T"),
                        new byte[] {1},
                        type);

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .isEqualTo("the broker[127.0.0.1:10911] sending message is forbidden");
        assertThat(broker.store().maxOffset("Writable", 0)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bad topic", "a/b", "a*b"})
    void shouldRefuseIllegalTopicNameWithTheReferenceRemark(String topic) throws IOException {
        open();

        RemotingCommand response = send(topic, 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        TopicValidator.ValidateResult reference = TopicValidator.validateTopic(topic);
        assertThat(reference.isValid()).isFalse();
        assertThat(response.getRemark()).isEqualTo(reference.getRemark());
        assertThat(broker.topics().get(topic)).isNull();
    }

    @Test
    void shouldRefuseTooLongTopicName() throws IOException {
        open();
        String topic = "t".repeat(200);

        RemotingCommand response = send(topic, 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(response.getRemark()).isEqualTo(TopicValidator.validateTopic(topic).getRemark());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SCHEDULE_TOPIC_XXXX",
                "RMQ_SYS_TRANS_HALF_TOPIC",
                "RMQ_SYS_TRANS_OP_HALF_TOPIC",
                "TRANS_CHECK_MAX_TIME_TOPIC",
                "SELF_TEST_TOPIC",
                "OFFSET_MOVED_EVENT"
            })
    void shouldRefuseSendsToTheTopicsTheReferenceForbids(String topic) throws IOException {
        open();
        assertThat(TopicValidator.isNotAllowedSendTopic(topic)).isTrue();

        RemotingCommand response = send(topic, 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .isEqualTo("Sending message to topic[" + topic + "] is forbidden.");
    }

    @Test
    void shouldRefuseUnknownTopicWhenAutoCreateIsOff() throws IOException {
        open(b -> b.set("autoCreateTopicEnable", "false"));

        RemotingCommand response = send("Unknown", 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.getRemark())
                .startsWith("topic[Unknown] not exist, apply first please!");
        assertThat(broker.topics().get("Unknown")).isNull();
    }

    @Test
    void shouldRefuseUnknownTopicWhoseTemplateDoesNotInherit() throws IOException {
        open();
        broker.topics().put(TopicTable.config("Plain", 8, Perm.READ | Perm.WRITE));
        SendMessageRequestHeader header = ApacheCalls.sendHeader("Orphan", 0, "T");
        header.setDefaultTopic("Plain");

        RemotingCommand response = send(broker, header, new byte[] {1});

        assertThat(response.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(broker.topics().get("Orphan")).isNull();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 8, 64})
    void shouldCreateUnknownTopicWithTheSmallerOfAskedAndTemplateQueuesButAtLeastOne(int asked)
            throws IOException {
        open(b -> b.set("defaultTopicQueueNums", "8"));
        SendMessageRequestHeader header = ApacheCalls.sendHeader("Auto" + asked, 0, "T");
        header.setDefaultTopicQueueNums(asked);

        RemotingCommand response = send(broker, header, new byte[] {1});

        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfig created = broker.topics().get("Auto" + asked);
        int expected = Math.max(1, Math.min(asked, 8));
        assertThat(created.writeQueueNums()).isEqualTo(expected);
        assertThat(created.readQueueNums()).isEqualTo(expected);
        assertThat(created.perm()).isEqualTo(Perm.READ | Perm.WRITE);
    }

    @Test
    void shouldCreateRetryTopicWithOneQueueEvenWhenAutoCreateIsOff() throws IOException {
        open(b -> b.set("autoCreateTopicEnable", "false"));

        RemotingCommand response = send("%RETRY%group", 0);

        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfig retry = broker.topics().get("%RETRY%group");
        assertThat(retry.writeQueueNums()).isEqualTo(1);
        assertThat(retry.readQueueNums()).isEqualTo(1);
        assertThat(retry.perm()).isEqualTo(Perm.READ | Perm.WRITE);
    }

    @Test
    void shouldRefuseQueueIdAtOrBeyondTheTopicsQueueCount() throws IOException {
        open();
        broker.topics().put(TopicTable.config("Four", 4, Perm.READ | Perm.WRITE));

        RemotingCommand beyond = send("Four", 4);
        RemotingCommand last = send("Four", 3);

        assertThat(beyond.getCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(beyond.getRemark())
                .startsWith("request queueId[4] is illegal, ")
                .contains("Four")
                .endsWith(" Producer: " + broker.server().peer());
        assertThat(last.getCode()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void shouldRefuseTopicWithoutWritePermission() throws IOException {
        open();
        broker.topics().put(TopicTable.config("ReadOnly", 2, Perm.READ));

        RemotingCommand response = send("ReadOnly", 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .isEqualTo("the topic[ReadOnly] sending message is forbidden");
        assertThat(broker.store().maxOffset("ReadOnly", 0)).isZero();
    }

    @Test
    void shouldRefuseBodyLargerThanMaxMessageSizeAndAcceptOneAtTheLimit() throws IOException {
        open(b -> b.set("maxMessageSize", "1024"));
        broker.topics().put(TopicTable.config("Sized", 1, Perm.READ | Perm.WRITE));
        SendMessageRequestHeader header = ApacheCalls.sendHeader("Sized", 0, "T");

        RemotingCommand over = send(broker, header, new byte[1025]);
        RemotingCommand limit = send(broker, header, new byte[1024]);

        assertThat(over.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(over.getRemark())
                .isEqualTo(
                        "the message is illegal, maybe msg body or properties length not matched."
                                + " msg body length limit 1024B, msg properties length limit"
                                + " 32KB.");
        assertThat(limit.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.store().maxPhysicalOffset()).isPositive();
    }

    @Test
    void shouldRefusePropertiesTooLongForTheirLengthField() throws IOException {
        open();
        broker.topics().put(TopicTable.config("Props", 1, Perm.READ | Perm.WRITE));
        SendMessageRequestHeader header = ApacheCalls.sendHeader("Props", 0, "T");
        header.setProperties(header.getProperties() + "big\u0001" + "x".repeat(70_000) + "\u0002");

        RemotingCommand response = send(broker, header, new byte[] {1});

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).startsWith("the message is illegal");
        assertThat(broker.store().maxPhysicalOffset()).isZero();
    }
}
