package io.bolide.broker.pop;

import static io.bolide.broker.pop.PopFlowTest.bodies;
import static io.bolide.broker.pop.PopFlowTest.byBody;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.BatchAck;
import org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BATCH_ACK_MESSAGE, NOTIFICATION, POLLING_INFO and POP_ROLLBACK on the POP fixture. */
class PopMoreCodesTest {
    @TempDir Path dir;

    private final MutableClock clock = new MutableClock(1_000_000);

    @Test
    void shouldAcknowledgeABatchWithOnePopLogRecordAndRedeliverOnlyTheRest() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            f.put(0, "b");
            f.put(0, "c");
            List<MessageExt> got = PopFixture.messages(f.pop(32));
            f.book.flush();
            Wire.Reply reply =
                    batchAck(f, List.of(byBody(got, "a"), byBody(got, "c")), PopFixture.TOPIC);
            assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
            // One REMOVED_ALL record: header, type, key, popTime, count and two offsets.
            int key = 2 + PopFixture.GROUP.length() + 2 + PopFixture.TOPIC.length() + 4;
            assertThat(f.book.flush()).isEqualTo(8 + 1 + key + 8 + 4 + 2 * 8);

            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            List<MessageExt> again = PopFixture.messages(f.pop(32));
            assertThat(bodies(again)).containsExactly("b");
            assertThat(again.get(0).getReconsumeTimes()).isEqualTo(1);
        }
    }

    @Test
    void shouldAcknowledgeARetriedMessageInABatchByItsRetryFlag() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            f.put(0, "a");
            PopFixture.messages(f.pop(32));
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE));
            f.duty();
            List<MessageExt> retried = PopFixture.messages(f.pop(32));
            assertThat(retried.get(0).getTopic()).isEqualTo("%RETRY%popGroup_PopTopic");

            assertThat(batchAck(f, retried, PopFixture.TOPIC).code())
                    .isEqualTo(ResponseCode.SUCCESS);
            clock.advance(Duration.ofMillis(PopFixture.INVISIBLE * 2));
            f.duty();
            assertThat(f.pop(32).code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        }
    }

    @Test
    void shouldAnswerNoMessageToABatchWithoutEntries() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            BatchAckMessageRequestBody body = new BatchAckMessageRequestBody();
            body.setBrokerName(PopFixture.BROKER);
            body.setAcks(List.of());
            Wire.Reply reply =
                    Wire.call(f.server, RequestCode.BATCH_ACK_MESSAGE, Map.of(), body.encode());
            assertThat(reply.code()).isEqualTo(ResponseCode.NO_MESSAGE);
        }
    }

    @Test
    void shouldNotifyAtOnceWhenThereIsSomethingAndAfterAnArrivalWhenHeld() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            Wire.Reply empty = notification(f, 0);
            assertThat(empty.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(empty.fields()).containsEntry("hasMsg", "false");

            assertThat(notification(f, 20_000)).isNull();
            f.duty();
            assertThat(Wire.next(f.server)).isNull();
            f.put(1, "x");
            f.duty();
            assertThat(Wire.next(f.server).fields()).containsEntry("hasMsg", "true");
            assertThat(notification(f, 20_000).fields()).containsEntry("hasMsg", "true");

            PopFixture.messages(f.pop(32));
            assertThat(notification(f, 20_000)).isNull();
            clock.advance(Duration.ofMillis(20_000));
            f.duty();
            assertThat(Wire.next(f.server).fields()).containsEntry("hasMsg", "false");
            // A notification takes nothing: the message is still there for a pop.
        }
    }

    @Test
    void shouldCountHeldPopsPerRequestedQueueButNotNotifications() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            assertThat(pollingNum(f)).isZero();
            Wire.call(
                    f.server,
                    RequestCode.POP_MESSAGE,
                    PopFixture.pop(32, PopFixture.INVISIBLE, 20_000),
                    null);
            notification(f, 20_000);
            f.duty();
            assertThat(pollingNum(f)).isEqualTo(1);
            f.put(0, "x");
            f.duty();
            Wire.next(f.server);
            Wire.next(f.server);
            assertThat(pollingNum(f)).isZero();

            Wire.Reply unknownTopic =
                    Wire.call(
                            f.server,
                            RequestCode.POLLING_INFO,
                            Wire.fields(
                                    "consumerGroup",
                                    PopFixture.GROUP,
                                    "topic",
                                    "NoSuchTopic",
                                    "queueId",
                                    -1),
                            null);
            assertThat(unknownTopic.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        }
    }

    @Test
    void shouldAnswerPopRollbackAsTheReferencesDefaultProcessorDoes() throws Exception {
        try (PopFixture f = new PopFixture(dir, clock)) {
            Wire.Reply reply = Wire.call(f.server, RequestCode.POP_ROLLBACK, Map.of(), null);
            assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(reply.remark()).isEqualTo("not set any response code");
        }
    }

    /** What Apache's MQClientAPIExt sends for {@code messages}: one entry per pop batch. */
    private static Wire.Reply batchAck(PopFixture f, List<MessageExt> messages, String topic) {
        BatchAckMessageRequestBody body = new BatchAckMessageRequestBody();
        body.setBrokerName(PopFixture.BROKER);
        Map<String, BatchAck> byBatch = new java.util.LinkedHashMap<>();
        for (MessageExt m : messages) {
            String[] h = ExtraInfoUtil.split(m.getProperty("POP_CK"));
            long start = ExtraInfoUtil.getCkQueueOffset(h);
            BatchAck ack =
                    byBatch.computeIfAbsent(
                            ExtraInfoUtil.getRetry(h) + "@" + ExtraInfoUtil.getQueueId(h),
                            k -> {
                                BatchAck a = new BatchAck();
                                a.setConsumerGroup(PopFixture.GROUP);
                                a.setTopic(topic);
                                a.setRetry(ExtraInfoUtil.getRetry(h));
                                a.setStartOffset(start);
                                a.setQueueId(ExtraInfoUtil.getQueueId(h));
                                a.setReviveQueueId(ExtraInfoUtil.getReviveQid(h));
                                a.setPopTime(ExtraInfoUtil.getPopTime(h));
                                a.setInvisibleTime(ExtraInfoUtil.getInvisibleTime(h));
                                a.setBitSet(new BitSet());
                                return a;
                            });
            ack.getBitSet().set((int) (ExtraInfoUtil.getQueueOffset(h) - start));
        }
        body.setAcks(List.copyOf(byBatch.values()));
        return Wire.call(f.server, RequestCode.BATCH_ACK_MESSAGE, Map.of(), body.encode());
    }

    private static Wire.Reply notification(PopFixture f, long pollTime) {
        return Wire.call(
                f.server,
                RequestCode.NOTIFICATION,
                Wire.fields(
                        "consumerGroup",
                        PopFixture.GROUP,
                        "topic",
                        PopFixture.TOPIC,
                        "queueId",
                        -1,
                        "pollTime",
                        pollTime,
                        "bornTime",
                        0),
                null);
    }

    private static int pollingNum(PopFixture f) {
        Wire.Reply reply =
                Wire.call(
                        f.server,
                        RequestCode.POLLING_INFO,
                        Wire.fields(
                                "consumerGroup", PopFixture.GROUP,
                                "topic", PopFixture.TOPIC,
                                "queueId", -1),
                        null);
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        return (int) reply.longField("pollingNum");
    }
}
