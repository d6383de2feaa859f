package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.Random;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Refusals carry the reference broker's code and remark (Apache's own validators are the oracle),
 * and the broker keeps serving the same connection afterwards.
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class BadInputTest {
    private static final int MAX_MESSAGE_SIZE = 4 * 1024 * 1024;

    private DefaultMQProducer producer;

    @BeforeEach
    void startProducer(EmbeddedBolide bolide) throws Exception {
        producer = Clients.producer(bolide.nameServerAddress(), "bad-input-producer");
        producer.setMaxMessageSize(2 * MAX_MESSAGE_SIZE); // let oversize bodies reach the broker
        producer.start();
    }

    @AfterEach
    void stopProducer() {
        producer.shutdown();
    }

    /** The client validates names itself, so these are sent below its checks, as raw requests. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "has space",
                "slash/topic",
                "quote\"topic",
                "ünïcödé",
                "this-topic-name-is-much-too-long-for-the-broker-to-accept-it-because-it-is-"
                        + "longer-than-one-hundred-and-twenty-seven-characters-x"
            })
    void shouldRefuseIllegalTopicNamesAsTheReferenceDoes(String topic, EmbeddedBolide bolide)
            throws Exception {
        MQBrokerException refusal =
                catchThrowableOfType(
                        MQBrokerException.class, () -> sendRaw(bolide.brokerAddress(), topic));
        assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(refusal.getErrorMessage())
                .isEqualTo(TopicValidator.validateTopic(topic).getRemark());
        assertStillServing();
    }

    @Test
    void shouldRefuseSendingToSystemTopics(EmbeddedBolide bolide) throws Exception {
        String topic = TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC;
        MQBrokerException refusal =
                catchThrowableOfType(
                        MQBrokerException.class, () -> sendRaw(bolide.brokerAddress(), topic));
        assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(refusal.getErrorMessage())
                .isEqualTo("Sending message to topic[" + topic + "] is forbidden.");
        assertStillServing();
    }

    @Test
    void shouldRefuseBodiesOverTheMaximumMessageSize() throws Exception {
        byte[] body = new byte[MAX_MESSAGE_SIZE + 1024];
        new Random(7).nextBytes(body); // incompressible: still oversize after the client's zlib
        Message big = new Message("OversizeBody", "TagA", body);
        MQBrokerException refusal =
                catchThrowableOfType(MQBrokerException.class, () -> producer.send(big));
        assertThat(refusal.getResponseCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(refusal.getErrorMessage())
                .isEqualTo(
                        "the message is illegal, maybe msg body or properties length not matched."
                                + " msg body length limit "
                                + MAX_MESSAGE_SIZE
                                + "B, msg properties length limit 32KB.");
        assertStillServing();
    }

    @Test
    void shouldAnswerUnknownRequestCodesWithRequestCodeNotSupported(EmbeddedBolide bolide)
            throws Exception {
        for (String address : new String[] {bolide.brokerAddress(), bolide.nameServerAddress()}) {
            RemotingCommand response =
                    api().getRemotingClient()
                            .invokeSync(
                                    address,
                                    RemotingCommand.createRequestCommand(9999, null),
                                    5000);
            assertThat(response.getCode()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
            assertThat(response.getRemark()).isEqualTo(" request type 9999 not supported");
        }
        assertStillServing();
    }

    private void sendRaw(String brokerAddress, String topic) throws Exception {
        Message message = message(topic, "TagA", "raw");
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup(producer.getProducerGroup());
        header.setTopic(topic);
        header.setDefaultTopic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC);
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        header.setProperties(MessageDecoder.messageProperties2String(message.getProperties()));
        header.setReconsumeTimes(0);
        header.setBatch(false);
        api().sendMessage(
                        brokerAddress,
                        "broker-a",
                        message,
                        header,
                        5000,
                        CommunicationMode.SYNC,
                        null,
                        null);
    }

    /** The client's own transport, reached through its (deprecated) internals. */
    @SuppressWarnings("deprecation")
    private MQClientAPIImpl api() {
        return producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
    }

    private void assertStillServing() throws Exception {
        assertThat(producer.send(message("StillServing", "TagA", "ok")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
    }
}
