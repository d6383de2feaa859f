package io.bolide.broker.admin;

import static io.bolide.broker.admin.OperationsFixture.GROUP;
import static io.bolide.broker.admin.OperationsFixture.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody;
import org.apache.rocketmq.remoting.protocol.body.ProducerTableInfo;
import org.apache.rocketmq.remoting.protocol.header.ConsumeMessageDirectlyResultRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetAllProducerInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerStatusRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The operations codes that call a client and relay its answer: 309, 223, and 328's list. */
@ExtendWith(LeakCheck.class)
class ClientRelaysTest {
    private OperationsFixture ops;

    @BeforeEach
    void open() throws IOException {
        ops = new OperationsFixture();
    }

    @AfterEach
    void close() throws IOException {
        ops.close();
    }

    private static ConsumeMessageDirectlyResultRequestHeader direct(String clientId, String id) {
        ConsumeMessageDirectlyResultRequestHeader header =
                new ConsumeMessageDirectlyResultRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setClientId(clientId);
        header.setMsgId(id);
        header.setTopic(TOPIC);
        return header;
    }

    @Test
    void shouldForwardTheStoredMessageToTheNamedClientAndRelayItsResult() {
        String msgId = ops.send(0, "resend me".getBytes(StandardCharsets.UTF_8));
        ops.heartbeat("client-1");
        RemotingCommand ask =
                RemotingCommand.createRequestCommand(
                        RequestCode.CONSUME_MESSAGE_DIRECTLY, direct("client-1", msgId));
        ops.broker.write(ask);

        RemotingCommand forwarded = ops.broker.next();
        assertThat(forwarded.getCode()).isEqualTo(RequestCode.CONSUME_MESSAGE_DIRECTLY);
        assertThat(forwarded.getExtFields())
                .containsEntry("consumerGroup", GROUP)
                .containsEntry("clientId", "client-1")
                .containsEntry("msgId", msgId)
                .containsEntry("brokerName", ops.broker.config().brokerName())
                .containsEntry("topicSysFlag", "0")
                .containsEntry("groupSysFlag", "0");
        MessageExt message = MessageDecoder.decode(ByteBuffer.wrap(forwarded.getBody()));
        assertThat(message.getTopic()).isEqualTo(TOPIC);
        assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("resend me");
        RemotingCommand reply = RemotingCommand.createResponseCommand(ResponseCode.SUCCESS, null);
        reply.setOpaque(forwarded.getOpaque());
        reply.setBody("{\"consumeResult\":\"CR_SUCCESS\"}".getBytes(StandardCharsets.UTF_8));
        ops.broker.write(reply);

        RemotingCommand relayed = ops.broker.next();
        assertThat(relayed.getOpaque()).isEqualTo(ask.getOpaque());
        assertThat(relayed.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(new String(relayed.getBody(), StandardCharsets.UTF_8)).contains("CR_SUCCESS");
    }

    @Test
    void shouldRefuseToConsumeDirectlyOnAClientThatIsNotOnline() {
        String msgId = ops.send(0, new byte[] {1});

        RemotingCommand answer =
                ops.call(RequestCode.CONSUME_MESSAGE_DIRECTLY, direct("client-9", msgId));

        assertThat(answer.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.getRemark()).isEqualTo("The Consumer <cg> <client-9> not online");
    }

    @Test
    @SuppressWarnings("deprecation") // the reference's body of this code
    void shouldGatherEachMembersOffsetsWithGetConsumerStatusFromClient() {
        ops.heartbeat("client-1");
        GetConsumerStatusRequestHeader header = new GetConsumerStatusRequestHeader();
        header.setTopic(TOPIC);
        header.setGroup(GROUP);
        RemotingCommand ask =
                RemotingCommand.createRequestCommand(
                        RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, header);
        ops.broker.write(ask);

        RemotingCommand forwarded = ops.broker.next();
        assertThat(forwarded.getCode()).isEqualTo(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT);
        assertThat(forwarded.getExtFields())
                .containsEntry("topic", TOPIC)
                .containsEntry("group", GROUP);
        MessageQueue queue = new MessageQueue(TOPIC, "b", 0);
        GetConsumerStatusBody status = new GetConsumerStatusBody();
        status.setMessageQueueTable(Map.of(queue, 5L));
        RemotingCommand reply = RemotingCommand.createResponseCommand(ResponseCode.SUCCESS, null);
        reply.setOpaque(forwarded.getOpaque());
        reply.setBody(status.encode());
        ops.broker.write(reply);

        RemotingCommand answer = ops.broker.next();
        assertThat(answer.getOpaque()).isEqualTo(ask.getOpaque());
        assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
        GetConsumerStatusBody body =
                GetConsumerStatusBody.decode(answer.getBody(), GetConsumerStatusBody.class);
        assertThat(body.getConsumerTable()).containsOnlyKeys("client-1");
        assertThat(body.getConsumerTable().get("client-1")).containsEntry(queue, 5L);
    }

    @Test
    void shouldRefuseConsumerStatusOfAGroupWithoutMembers() {
        GetConsumerStatusRequestHeader header = new GetConsumerStatusRequestHeader();
        header.setTopic(TOPIC);
        header.setGroup("nobody");

        RemotingCommand answer = ops.call(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, header);

        assertThat(answer.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.getRemark())
                .isEqualTo("No Any Consumer online in the consumer group: [nobody]");
    }

    @Test
    void shouldListEveryProducerGroupWithItsClients() {
        HeartbeatData data = new HeartbeatData();
        data.setClientID("producer-1");
        ProducerData producer = new ProducerData();
        producer.setGroupName("pg");
        data.setProducerDataSet(Set.of(producer));
        RemotingCommand beat = ops.call(RequestCode.HEART_BEAT, null, data.encode());
        assertThat(beat.getCode()).isZero();

        RemotingCommand answer =
                ops.call(RequestCode.GET_ALL_PRODUCER_INFO, new GetAllProducerInfoRequestHeader());

        assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
        ProducerTableInfo table =
                ProducerTableInfo.decode(answer.getBody(), ProducerTableInfo.class);
        assertThat(table.getData()).containsOnlyKeys("pg");
        assertThat(table.getData().get("pg").get(0).getClientId()).isEqualTo("producer-1");
        assertThat(table.getData().get("pg").get(0).getLastUpdateTimestamp()).isPositive();
    }
}
