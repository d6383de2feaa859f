package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Delayed sends over the wire with Apache's own request classes. */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
class BrokerDelayTest {
    @TempDir static Path dir;
    private static Broker broker;
    private static ApacheCalls apache;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start(TestBrokers.config(dir).set("messageDelayLevel", "1s 2s").build());
        apache = new ApacheCalls("127.0.0.1:" + broker.port(), SerializeType.JSON);
    }

    @AfterAll
    static void stop() {
        apache.close();
        broker.close();
    }

    private static SendMessageRequestHeader delayed(String topic, int queueId, String level) {
        SendMessageRequestHeader header = ApacheCalls.sendHeader(topic, queueId, "TagD");
        header.setProperties(header.getProperties() + "DELAY\u0001" + level + "\u0002");
        return header;
    }

    @Test
    void shouldHoldADelayedMessageInTheScheduleTopicAndDeliverItWithItsIdentity() throws Exception {
        long sentAt = System.currentTimeMillis();
        RemotingCommand sent =
                apache.call(
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                delayed("DelayedWire", 3, "5")),
                        "later".getBytes(StandardCharsets.UTF_8));

        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        assertThat(sent.getExtFields()).containsEntry("queueId", "3");
        // The consume queues are dispatched after the append that answered the send.
        Await.until(
                java.time.Duration.ofSeconds(10),
                () -> maxOffset("SCHEDULE_TOPIC_XXXX", 1) == 1,
                "the message waiting in the level's schedule queue");
        assertThat(apache.maxOffset("DelayedWire", 3)).isZero();
        Await.until(
                java.time.Duration.ofSeconds(10),
                () -> maxOffset("DelayedWire", 3) == 1,
                "delivery after the 2 s level");

        MessageExt message = ApacheCalls.decode(apache.pull("DelayedWire", 3, 0, "*", 0)).get(0);
        assertThat(message.getStoreTimestamp() - sentAt).isGreaterThanOrEqualTo(2000);
        assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("later");
        assertThat(message.getTags()).isEqualTo("TagD");
        assertThat(message.getKeys()).isEqualTo("KEY1 KEY2");
        assertThat(MessageClientIDSetter.getUniqID(message)).isEqualTo("UNIQ-TagD");
        assertThat(message.getProperty("REAL_TOPIC")).isEqualTo("DelayedWire");
        assertThat(message.getProperty("REAL_QID")).isEqualTo("3");
    }

    private static long maxOffset(String topic, int queueId) {
        try {
            return apache.maxOffset(topic, queueId);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shouldRefuseABatchWithADelayLevelAsTheReferenceDoes() throws Exception {
        Message message = new Message("DelayedBatch", "T", "b".getBytes(StandardCharsets.UTF_8));
        MessageClientIDSetter.setUniqID(message);
        MessageBatch batch = MessageBatch.generateFromList(List.of(message));
        SendMessageRequestHeader header = delayed("DelayedBatch", 0, "1");
        header.setBatch(true);

        RemotingCommand sent =
                apache.call(
                        RequestCode.SEND_BATCH_MESSAGE,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                        batch.encode());

        assertThat(sent.getCode()).isEqualTo(13);
        assertThat(sent.getRemark()).startsWith("the message is illegal");
        assertThat(MessageDecoder.string2messageProperties(header.getProperties()))
                .containsEntry("DELAY", "1");
    }
}
