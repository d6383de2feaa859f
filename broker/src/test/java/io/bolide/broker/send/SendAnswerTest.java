package io.bolide.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageId;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a stored send answers (the SEND_OK header Apache's client parses) and what it stores, for
 * single sends in both header forms and for batches, plus the batch refusals.
 */
@ExtendWith(LeakCheck.class)
class SendAnswerTest {
    private static final String TOPIC = "Answers";

    private EmbeddedBroker broker;

    @BeforeEach
    void open() throws IOException {
        broker = EmbeddedBroker.open();
        broker.installSend();
        broker.topics().put(TopicTable.config(TOPIC, 4, Perm.READ | Perm.WRITE));
    }

    @AfterEach
    void close() throws IOException {
        broker.close();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private RemotingCommand call(
            int code, CommandCustomHeader header, byte[] body, SerializeType t) {
        return broker.call(code, header, body, t);
    }

    private static SendMessageResponseHeader answer(RemotingCommand response) throws Exception {
        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        return response.decodeCommandCustomHeader(SendMessageResponseHeader.class);
    }

    /** The record an offset message id points at, decoded by Apache's decoder. */
    private MessageExt stored(String offsetMsgId) throws Exception {
        MessageId id = MessageDecoder.decodeMessageId(offsetMsgId);
        ByteBuf record = broker.store().getMessage(id.getOffset());
        assertThat(record).as("a record starts at " + offsetMsgId).isNotNull();
        try {
            return MessageDecoder.decode(record.nioBuffer(), true, false);
        } finally {
            record.release();
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerOffsetIdQueueAndQueueOffsetOfEachStoredSend(SerializeType type)
            throws Exception {
        SendMessageRequestHeaderV2 v2 =
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                        ApacheCalls.sendHeader(TOPIC, 2, "TagA"));

        SendMessageResponseHeader first =
                answer(call(RequestCode.SEND_MESSAGE_V2, v2, utf8("one"), type));
        SendMessageResponseHeader second =
                answer(call(RequestCode.SEND_MESSAGE_V2, v2, utf8("two"), type));

        assertThat(first.getQueueId()).isEqualTo(2);
        assertThat(first.getQueueOffset()).isZero();
        assertThat(second.getQueueOffset()).isEqualTo(1);
        assertThat(first.getTransactionId()).isEqualTo("UNIQ-TagA");
        MessageId firstId = MessageDecoder.decodeMessageId(first.getMsgId());
        MessageId secondId = MessageDecoder.decodeMessageId(second.getMsgId());
        assertThat(firstId.getAddress())
                .isEqualTo(new InetSocketAddress(EmbeddedBroker.HOST, EmbeddedBroker.PORT));
        assertThat(firstId.getOffset()).isZero();
        MessageExt one = stored(first.getMsgId());
        assertThat(secondId.getOffset()).isEqualTo(one.getStoreSize());
        assertThat(new String(stored(second.getMsgId()).getBody(), StandardCharsets.UTF_8))
                .isEqualTo("two");
    }

    @Test
    void shouldReportRegionAndTraceSwitchInTheAnswer() throws Exception {
        RemotingCommand response =
                call(
                        RequestCode.SEND_MESSAGE,
                        ApacheCalls.sendHeader(TOPIC, 0, "T"),
                        utf8("x"),
                        SerializeType.JSON);

        assertThat(response.getExtFields())
                .containsEntry("MSG_REGION", broker.config().regionId())
                .containsEntry("TRACE_ON", Boolean.toString(broker.config().traceOn()));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreTheSameMessageFromLongAndShortKeyHeaders(SerializeType type) throws Exception {
        SendMessageRequestHeader header = ApacheCalls.sendHeader(TOPIC, 1, "TagV");
        header.setFlag(7);
        header.setReconsumeTimes(3);
        header.setBornTimestamp(1_700_000_000_000L);

        SendMessageResponseHeader v1 =
                answer(call(RequestCode.SEND_MESSAGE, header, utf8("same"), type));
        SendMessageResponseHeader v2 =
                answer(
                        call(
                                RequestCode.SEND_MESSAGE_V2,
                                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                                utf8("same"),
                                type));

        for (MessageExt message : List.of(stored(v1.getMsgId()), stored(v2.getMsgId()))) {
            assertThat(message.getTopic()).isEqualTo(TOPIC);
            assertThat(message.getQueueId()).isEqualTo(1);
            assertThat(message.getFlag()).isEqualTo(7);
            assertThat(message.getReconsumeTimes()).isEqualTo(3);
            assertThat(message.getBornTimestamp()).isEqualTo(1_700_000_000_000L);
            assertThat(message.getTags()).isEqualTo("TagV");
            assertThat(message.getKeys()).isEqualTo("KEY1 KEY2");
            assertThat(message.getUserProperty("userProp")).isEqualTo("v1");
            assertThat(message.getBornHost()).isEqualTo(io.bolide.remoting.EmbeddedServer.PEER);
            assertThat(message.getStoreHost())
                    .isEqualTo(new InetSocketAddress(EmbeddedBroker.HOST, EmbeddedBroker.PORT));
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("same");
        }
        assertThat(v2.getQueueOffset()).isEqualTo(v1.getQueueOffset() + 1);
    }

    @Test
    void shouldPickAWritableQueueForANegativeQueueId() throws Exception {
        broker.topics().put(TopicTable.config("Spread", 3, Perm.READ | Perm.WRITE));

        for (int i = 0; i < 20; i++) {
            SendMessageResponseHeader header =
                    answer(
                            call(
                                    RequestCode.SEND_MESSAGE,
                                    ApacheCalls.sendHeader("Spread", -1, "T"),
                                    utf8("x"),
                                    SerializeType.ROCKETMQ));
            assertThat(header.getQueueId()).isBetween(0, 2);
        }
    }

    private static SendMessageRequestHeader batchHeader(String topic, int queueId) {
        SendMessageRequestHeader header = ApacheCalls.sendHeader(topic, queueId, "T");
        header.setBatch(true);
        header.setProperties("");
        return header;
    }

    private static byte[] batchBody(String topic, int count, int bodySize) {
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Message message = new Message(topic, "Tag" + i, new byte[bodySize + 7 * i]);
            message.getBody()[0] = (byte) i;
            message.putUserProperty("idx", "U" + i);
            messages.add(message);
        }
        return MessageBatch.generateFromList(messages).encode();
    }

    private RemotingCommand batch(SendMessageRequestHeader header, byte[] body) {
        return call(
                RequestCode.SEND_BATCH_MESSAGE,
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                body,
                SerializeType.ROCKETMQ);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerCommaJoinedOffsetIdsOfConsecutiveBatchRecords(SerializeType type)
            throws Exception {
        answer(
                call(
                        RequestCode.SEND_MESSAGE,
                        ApacheCalls.sendHeader(TOPIC, 3, "T"),
                        utf8("x"),
                        type));

        SendMessageResponseHeader header =
                answer(
                        call(
                                RequestCode.SEND_BATCH_MESSAGE,
                                batchHeader(TOPIC, 3),
                                batchBody(TOPIC, 3, 10),
                                type));

        assertThat(header.getQueueId()).isEqualTo(3);
        assertThat(header.getQueueOffset()).isEqualTo(1);
        String[] ids = header.getMsgId().split(",");
        assertThat(ids).hasSize(3);
        long expectedOffset = MessageDecoder.decodeMessageId(ids[0]).getOffset();
        for (int i = 0; i < ids.length; i++) {
            MessageExt message = stored(ids[i]);
            assertThat(MessageDecoder.decodeMessageId(ids[i]).getOffset())
                    .isEqualTo(expectedOffset);
            assertThat(message.getQueueOffset()).isEqualTo(1 + i);
            assertThat(message.getTags()).isEqualTo("Tag" + i);
            assertThat(message.getBody()[0]).isEqualTo((byte) i);
            expectedOffset += message.getStoreSize();
        }
        assertThat(broker.store().maxPhysicalOffset()).isEqualTo(expectedOffset);
    }

    @Test
    void shouldRefuseBatchToARetryTopic() {
        RemotingCommand response = batch(batchHeader("%RETRY%g", 0), batchBody(TOPIC, 2, 4));

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).isEqualTo("batch request does not support retry group");
        assertThat(broker.topics().get("%RETRY%g")).isNull();
    }

    @Test
    void shouldRefuseDelayedBatch() {
        SendMessageRequestHeader header = batchHeader(TOPIC, 0);
        header.setProperties(MessageConst.PROPERTY_DELAY_TIME_LEVEL + "\u00012\u0002");

        RemotingCommand response = batch(header, batchBody(TOPIC, 2, 4));

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(broker.store().maxOffset(TOPIC, 0)).isZero();
    }

    @Test
    void shouldRefuseEmptyBatch() {
        RemotingCommand response = batch(batchHeader(TOPIC, 0), new byte[0]);

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).isEqualTo("the batch holds no message");
    }

    @Test
    void shouldRefuseTruncatedBatchAndStoreNothingOfIt() {
        byte[] whole = batchBody(TOPIC, 2, 16);
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 5);

        RemotingCommand response = batch(batchHeader(TOPIC, 0), cut);

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).startsWith("bad batch body: ");
        assertThat(broker.store().maxPhysicalOffset()).isZero();
    }

    @Test
    void shouldRefuseWholeBatchWhenOneEntryIsTooLarge() {
        int limit = broker.config().maxMessageSize();
        List<Message> messages =
                List.of(new Message(TOPIC, new byte[8]), new Message(TOPIC, new byte[limit + 1]));

        RemotingCommand response =
                batch(batchHeader(TOPIC, 0), MessageBatch.generateFromList(messages).encode());

        assertThat(response.getCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.getRemark()).contains("msg body length limit " + limit + "B");
        assertThat(broker.store().maxPhysicalOffset()).isZero();
    }

    @Test
    void shouldCheckBatchTopicLikeASingleSend() {
        RemotingCommand response =
                batch(batchHeader("SCHEDULE_TOPIC_XXXX", 0), batchBody(TOPIC, 1, 4));

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
    }
}
