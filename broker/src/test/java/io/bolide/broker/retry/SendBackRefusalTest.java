package io.bolide.broker.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.util.function.UnaryOperator;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CONSUMER_SEND_MSG_BACK cases the socket-level test does not reach: refusals for a read-only
 * broker or retry topic, unit-mode retry topics, and where the delayed copy is parked.
 */
@ExtendWith(LeakCheck.class)
class SendBackRefusalTest {
    private static final String GROUP = "sbg";

    private EmbeddedBroker broker;

    private void open(UnaryOperator<BrokerConfig.Builder> settings) throws IOException {
        broker = EmbeddedBroker.open(settings);
        RetryFeature.install(
                broker.codes(),
                broker::config,
                broker.topics(),
                broker.store(),
                broker.delays(),
                broker.self(),
                broker.groups(),
                broker.stats());
        broker.installSend();
        broker.topics().put(TopicTable.config("Origin", 1, Perm.READ | Perm.WRITE));
    }

    @AfterEach
    void close() throws IOException {
        broker.close();
    }

    /** Stores one message in Origin queue 0 and returns its commit-log offset. */
    private long stored() throws Exception {
        RemotingCommand sent =
                broker.call(
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                ApacheCalls.sendHeader("Origin", 0, "TagR")),
                        new byte[] {4, 2},
                        SerializeType.ROCKETMQ);
        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        String msgId = sent.decodeCommandCustomHeader(SendMessageResponseHeader.class).getMsgId();
        return MessageDecoder.decodeMessageId(msgId).getOffset();
    }

    private RemotingCommand sendBack(long offset, boolean unitMode, int delayLevel) {
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        header.setOffset(offset);
        header.setGroup(GROUP);
        header.setDelayLevel(delayLevel);
        header.setOriginMsgId("id");
        header.setOriginTopic("Origin");
        header.setUnitMode(unitMode);
        header.setMaxReconsumeTimes(16);
        return broker.call(RequestCode.CONSUMER_SEND_MSG_BACK, header, null, SerializeType.JSON);
    }

    @Test
    void shouldRefuseSendBackWhileTheBrokerIsNotWritable() throws Exception {
        open(b -> b.set("brokerPermission", Integer.toString(Perm.READ)));

        RemotingCommand response = sendBack(0, false, 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .isEqualTo("the broker[127.0.0.1:10911] sending message is forbidden");
        assertThat(broker.topics().get("%RETRY%" + GROUP)).isNull();
    }

    @Test
    void shouldRefuseSendBackIntoARetryTopicWithoutWritePermission() throws Exception {
        open(b -> b);
        long offset = stored();
        broker.topics().put(TopicTable.config("%RETRY%" + GROUP, 1, Perm.READ));

        RemotingCommand response = sendBack(offset, false, 0);

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .isEqualTo("the topic[%RETRY%" + GROUP + "] sending message is forbidden");
    }

    @Test
    void shouldMarkTheRetryTopicOfAUnitModeConsumer() throws Exception {
        open(b -> b);
        long offset = stored();

        assertThat(sendBack(offset, true, 0).getCode()).isZero();

        TopicConfig retry = broker.topics().get("%RETRY%" + GROUP);
        assertThat(retry.topicSysFlag()).isNotZero();
        assertThat(retry.writeQueueNums()).isEqualTo(1);
    }

    @Test
    void shouldCreateTheRetryTopicEvenWhenTheCopyGoesStraightToTheDeadLetterQueue()
            throws Exception {
        open(b -> b);
        long offset = stored();

        assertThat(sendBack(offset, false, -1).getCode()).isZero();

        assertThat(broker.topics().get("%RETRY%" + GROUP)).isNotNull();
        assertThat(broker.topics().get("%DLQ%" + GROUP).perm()).isEqualTo(Perm.READ | Perm.WRITE);
        Await.until(() -> broker.store().maxOffset("%DLQ%" + GROUP, 0) == 1, "dead letter");
    }

    @Test
    void shouldParkTheCopyInTheScheduleQueueOfItsLevelWithTheRetryTopicAsRealTopic()
            throws Exception {
        open(b -> b.set("messageDelayLevel", "1s 5s 10s 30s"));
        long offset = stored();

        assertThat(sendBack(offset, false, 2).getCode()).isZero();

        Await.until(() -> broker.store().maxOffset("SCHEDULE_TOPIC_XXXX", 1) == 1, "parked copy");
        assertThat(broker.store().maxOffset("%RETRY%" + GROUP, 0)).isZero();
        ByteBuf record = broker.store().getMessage(originalSize());
        try {
            MessageExt copy = MessageDecoder.decode(record.nioBuffer(), true, false);
            assertThat(copy.getTopic()).isEqualTo("SCHEDULE_TOPIC_XXXX");
            assertThat(copy.getQueueId()).isEqualTo(1);
            assertThat(copy.getProperty(MessageConst.PROPERTY_REAL_TOPIC))
                    .isEqualTo("%RETRY%" + GROUP);
            assertThat(copy.getProperty(MessageConst.PROPERTY_REAL_QUEUE_ID)).isEqualTo("0");
            assertThat(copy.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo("Origin");
            assertThat(copy.getReconsumeTimes()).isEqualTo(1);
            assertThat(copy.getBody()).containsExactly(4, 2);
        } finally {
            record.release();
        }
    }

    /** Size of the original, the first record: its copy is stored right after it. */
    private long originalSize() {
        ByteBuf first = broker.store().getMessage(0);
        try {
            return first.readableBytes();
        } finally {
            first.release();
        }
    }
}
