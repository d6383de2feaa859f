package io.bolide.broker.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.junit.jupiter.api.Test;

/**
 * The receipt handle and the POP header's offset fields against Apache's ExtraInfoUtil (the code
 * the official clients run), with seeded random values: same text both ways, and each side parses
 * what the other writes.
 */
class ReceiptHandleDifferentialTest {
    private static final String[] TOPICS = {
        "T", "%RETRY%g_T", "%RETRY%g+T", "orders", "%RETRY%group"
    };

    private final Random random = new Random(17);

    @Test
    void shouldFormatAndParseHandlesAsTheClientDoes() {
        for (int i = 0; i < 500; i++) {
            String topic = TOPICS[random.nextInt(TOPICS.length)];
            long start = random.nextInt(1 << 30);
            long popTime = Math.abs(random.nextLong());
            long invisible = random.nextInt(1 << 20);
            int reviveQid =
                    random.nextBoolean() ? ReceiptHandle.ORDER_REVIVE_QID : random.nextInt(8);
            int queueId = random.nextInt(64);
            long offset = start + random.nextInt(32);
            String apache =
                    ExtraInfoUtil.buildExtraInfo(
                            start,
                            popTime,
                            invisible,
                            reviveQid,
                            topic,
                            "broker-a",
                            queueId,
                            offset);
            ReceiptHandle ours =
                    new ReceiptHandle(
                            start,
                            popTime,
                            invisible,
                            reviveQid,
                            ReceiptHandle.retryFlag(topic),
                            "broker-a",
                            queueId,
                            offset);
            assertThat(ours.format()).isEqualTo(apache);
            assertThat(ReceiptHandle.parse(apache)).isEqualTo(ours);
            String[] split = ExtraInfoUtil.split(ours.format());
            assertThat(ExtraInfoUtil.getPopTime(split)).isEqualTo(popTime);
            assertThat(ExtraInfoUtil.getQueueOffset(split)).isEqualTo(offset);
            assertThat(ExtraInfoUtil.isOrder(split)).isEqualTo(ours.order());
            assertThat(ExtraInfoUtil.getRetry(split)).isEqualTo(ours.retry());
        }
    }

    @Test
    void shouldNameTheRetryTopicAsTheClientRebuildsItFromAHandle() {
        String handle = ExtraInfoUtil.buildExtraInfo(0, 1, 2, 0, "%RETRY%g_T", "b", 0, 0);
        assertThat(ExtraInfoUtil.getRealTopic(ExtraInfoUtil.split(handle), "T", "g"))
                .isEqualTo(ReceiptHandle.retryTopic("g", "T"));
    }

    @Test
    void shouldWriteOffsetFieldsTheClientParses() {
        for (int i = 0; i < 200; i++) {
            PopOffsetInfo ours = new PopOffsetInfo();
            StringBuilder start = new StringBuilder();
            StringBuilder messages = new StringBuilder();
            StringBuilder counts = new StringBuilder();
            int queues = 1 + random.nextInt(4);
            for (int q = 0; q < queues; q++) {
                String topic = TOPICS[random.nextInt(TOPICS.length)];
                long first = random.nextInt(1 << 20);
                List<Long> offsets = new ArrayList<>();
                long[] taken = new long[1 + random.nextInt(5)];
                for (int k = 0; k < taken.length; k++) {
                    taken[k] = first + k * (1 + random.nextInt(3));
                    offsets.add(taken[k]);
                }
                ours.add(topic, q, first, taken, taken.length);
                ours.orderCount(topic, q, taken[0], q + 1);
                ExtraInfoUtil.buildStartOffsetInfo(start, topic, q, first);
                ExtraInfoUtil.buildMsgOffsetInfo(messages, topic, q, offsets);
                ExtraInfoUtil.buildQueueOffsetOrderCountInfo(counts, topic, q, taken[0], q + 1);
            }
            assertThat(ours.startOffsetInfo()).isEqualTo(start.toString());
            assertThat(ours.msgOffsetInfo()).isEqualTo(messages.toString());
            assertThat(ours.orderCountInfo()).isEqualTo(counts.toString());
            assertThat(ExtraInfoUtil.parseStartOffsetInfo(ours.startOffsetInfo())).hasSize(queues);
            assertThat(ExtraInfoUtil.parseOrderCountInfo(ours.orderCountInfo())).hasSize(queues);
        }
    }

    @Test
    void shouldRefuseAMalformedHandle() {
        assertThatThrownBy(() -> ReceiptHandle.parse("1 2 3"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReceiptHandle.parse("a b c d 0 x 1 2"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReceiptHandle.parse(null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
