package io.bolide.protocol.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.rocketmq.client.AccessChannel;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.trace.TraceBean;
import org.apache.rocketmq.client.trace.TraceContext;
import org.apache.rocketmq.client.trace.TraceDataEncoder;
import org.apache.rocketmq.client.trace.TraceType;
import org.apache.rocketmq.common.message.MessageType;
import org.junit.jupiter.api.Test;

/**
 * The reader against the official client's own trace encoder (5.x): every record type it writes
 * reads back field for field, a batch of several in one body, older clients' shorter layouts, and
 * hostile bodies that are skipped and counted.
 */
class TraceRecordsTest {
    private static final String MSG_ID = "7F00000100002A9F0000000000000001";

    @Test
    void shouldReadEveryTypeTheOfficialEncoderWritesFromOneBatchedBody() {
        String body =
                encode(pub())
                        + encode(subBefore())
                        + encode(subAfter())
                        + encode(endTransaction())
                        + encode(recall());

        TraceRecords.Parsed parsed = TraceRecords.parse(body);

        assertThat(parsed.unreadable()).isZero();
        List<TraceRecord> records = parsed.records();
        assertThat(records)
                .extracting(TraceRecord::type)
                .containsExactly("Pub", "SubBefore", "SubAfter", "EndTransaction", "Recall");
        TraceRecord pub = records.get(0);
        assertThat(pub.timestamp()).isEqualTo(1_700_000_000_001L);
        assertThat(pub.regionId()).isEqualTo("region-a");
        assertThat(pub.group()).isEqualTo("producer-g");
        assertThat(pub.topic()).isEqualTo("Orders");
        assertThat(pub.msgId()).isEqualTo(MSG_ID);
        assertThat(pub.tags()).isEqualTo("TagA");
        assertThat(pub.keys()).isEqualTo("k1 k2");
        assertThat(pub.storeHost()).isEqualTo("10.0.0.1:10911");
        assertThat(pub.bodyLength()).isEqualTo(1024);
        assertThat(pub.costMillis()).isEqualTo(7);
        assertThat(pub.messageType()).isEqualTo(MessageType.Delay_Msg.name());
        assertThat(pub.offsetMsgId()).isEqualTo("0A00000100002A9F0000000000001234");
        assertThat(pub.success()).isTrue();
        assertThat(pub.clientHost()).as("5.5.0 writes 14 fields, no client host").isNull();

        TraceRecord before = records.get(1);
        assertThat(before.timestamp()).isEqualTo(1_700_000_000_002L);
        assertThat(before.group()).isEqualTo("consumer-g");
        assertThat(before.requestId()).isEqualTo("req-1");
        assertThat(before.msgId()).isEqualTo(MSG_ID);
        assertThat(before.retryTimes()).isEqualTo(2);
        assertThat(before.keys()).isEqualTo("k1 k2");

        TraceRecord after = records.get(2);
        assertThat(after.requestId()).isEqualTo("req-1");
        assertThat(after.msgId()).isEqualTo(MSG_ID);
        assertThat(after.costMillis()).isEqualTo(35);
        assertThat(after.success()).isFalse();
        assertThat(after.contextCode()).isEqualTo(3);
        assertThat(after.timestamp()).isEqualTo(1_700_000_000_003L);
        assertThat(after.group()).isEqualTo("consumer-g");

        TraceRecord end = records.get(3);
        assertThat(end.messageType()).isEqualTo(MessageType.Trans_msg_Commit.name());
        assertThat(end.transactionId()).isEqualTo("tx-9");
        assertThat(end.transactionState()).isEqualTo("COMMIT_MESSAGE");
        assertThat(end.fromTransactionCheck()).isTrue();
        assertThat(end.storeHost()).isEqualTo("10.0.0.1:10911");

        TraceRecord recall = records.get(4);
        assertThat(recall.topic()).isEqualTo("Orders");
        assertThat(recall.msgId()).isEqualTo(MSG_ID);
        assertThat(recall.success()).isTrue();
    }

    @Test
    void shouldReadTheShorterAndLongerLayoutsOfOtherClients() {
        // A Pub without offset id and client host, a SubAfter without context code and time.
        String pub =
                "Pub\u00011\u0001r\u0001g\u0001T\u0001id\u0001null\u0001null\u0001h:1\u00015"
                        + "\u00012\u00010\u0001true\u0002";
        String after = "SubAfter\u0001req\u0001id\u00019\u0001true\u0001null\u0002";

        // A Pub with the client host after the success flag, as the reference's decoder reads it.
        String hosted =
                "Pub\u00011\u0001r\u0001g\u0001T\u0001id\u0001t\u0001k\u0001h:1\u00015"
                        + "\u00012\u00014\u0001OFF\u0001false\u000110.0.0.9\u0002";

        List<TraceRecord> records = TraceRecords.parse(pub + after + hosted).records();

        assertThat(records.get(0).success()).isTrue();
        assertThat(records.get(0).offsetMsgId()).isNull();
        assertThat(records.get(0).tags()).as("the text null is absent").isNull();
        assertThat(records.get(0).messageType()).isEqualTo("Normal_Msg");
        assertThat(records.get(1).timestamp()).isEqualTo(-1);
        assertThat(records.get(1).contextCode()).isEqualTo(-1);
        assertThat(records.get(1).costMillis()).isEqualTo(9);
        assertThat(records.get(2).clientHost()).isEqualTo("10.0.0.9");
        assertThat(records.get(2).offsetMsgId()).isEqualTo("OFF");
        assertThat(records.get(2).success()).isFalse();
        assertThat(records.get(2).messageType()).isEqualTo("Order_Msg");
    }

    @Test
    void shouldSkipAndCountRecordsItCannotRead() {
        String body =
                "garbage without separators\u0002"
                        + "Pub\u0001not-a-time\u0001r\u0001g\u0001T\u0001id\u0001t\u0001k\u0001h\u00011"
                        + "\u00012\u00010\u0001true\u0002"
                        + "SubBefore\u00011\u0002"
                        + "Unknown\u00011\u00012\u00013\u0002"
                        + "\u0002\u0002"
                        + encode(recall());

        TraceRecords.Parsed parsed = TraceRecords.parse(body);

        assertThat(parsed.unreadable()).isEqualTo(4);
        assertThat(parsed.records()).extracting(TraceRecord::type).containsExactly("Recall");
        assertThat(TraceRecords.parse("").records()).isEmpty();
    }

    private static String encode(TraceContext context) {
        return TraceDataEncoder.encoderFromContextBean(context).getTransData();
    }

    private static TraceBean bean() {
        TraceBean bean = new TraceBean();
        bean.setTopic("Orders");
        bean.setMsgId(MSG_ID);
        bean.setTags("TagA");
        bean.setKeys("k1 k2");
        bean.setStoreHost("10.0.0.1:10911");
        bean.setClientHost("10.0.0.9");
        bean.setBodyLength(1024);
        bean.setOffsetMsgId("0A00000100002A9F0000000000001234");
        return bean;
    }

    private static TraceContext context(TraceType type, long time, String group, TraceBean bean) {
        TraceContext context = new TraceContext();
        context.setTraceType(type);
        context.setTimeStamp(time);
        context.setRegionId("region-a");
        context.setGroupName(group);
        context.setTraceBeans(List.of(bean));
        context.setAccessChannel(AccessChannel.LOCAL);
        return context;
    }

    private static TraceContext pub() {
        TraceBean bean = bean();
        bean.setMsgType(MessageType.Delay_Msg);
        TraceContext context = context(TraceType.Pub, 1_700_000_000_001L, "producer-g", bean);
        context.setCostTime(7);
        context.setSuccess(true);
        return context;
    }

    private static TraceContext subBefore() {
        TraceBean bean = bean();
        bean.setRetryTimes(2);
        TraceContext context = context(TraceType.SubBefore, 1_700_000_000_002L, "consumer-g", bean);
        context.setRequestId("req-1");
        return context;
    }

    private static TraceContext subAfter() {
        TraceContext context =
                context(TraceType.SubAfter, 1_700_000_000_003L, "consumer-g", bean());
        context.setRequestId("req-1");
        context.setCostTime(35);
        context.setSuccess(false);
        context.setContextCode(3);
        return context;
    }

    private static TraceContext endTransaction() {
        TraceBean bean = bean();
        bean.setMsgType(MessageType.Trans_msg_Commit);
        bean.setTransactionId("tx-9");
        bean.setTransactionState(LocalTransactionState.COMMIT_MESSAGE);
        bean.setFromTransactionCheck(true);
        return context(TraceType.EndTransaction, 1_700_000_000_004L, "producer-g", bean);
    }

    private static TraceContext recall() {
        TraceContext context = context(TraceType.Recall, 1_700_000_000_005L, "producer-g", bean());
        context.setSuccess(true);
        return context;
    }
}
