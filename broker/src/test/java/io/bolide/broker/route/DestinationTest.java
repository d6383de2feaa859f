package io.bolide.broker.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

class DestinationTest {
    @Test
    void shouldAppendTheRealTopicAndQueueToTheSentProperties() {
        assertThat(Destination.park("KEYS\u0001k\u0002", "T", 3))
                .isEqualTo("KEYS\u0001k\u0002REAL_TOPIC\u0001T\u0002REAL_QID\u00013\u0002");
    }

    @Test
    void shouldSeparateFromPropertiesWithoutATrailingSeparator() {
        assertThat(Destination.park("KEYS\u0001k", "T", 0))
                .isEqualTo("KEYS\u0001k\u0002REAL_TOPIC\u0001T\u0002REAL_QID\u00010\u0002");
        assertThat(Destination.park("", "T", 1))
                .isEqualTo("REAL_TOPIC\u0001T\u0002REAL_QID\u00011\u0002");
    }

    @Test
    void shouldParkDelayLevelsInTheQueueBelowTheirNumber() {
        assertThat(Destination.scheduleQueue(1)).isZero();
        assertThat(Destination.scheduleQueue(18)).isEqualTo(17);
    }

    @Test
    void shouldNameRetryAndDeadLetterTopicsAfterTheGroup() {
        assertThat(Destination.retryTopic("g1")).isEqualTo("%RETRY%g1");
        assertThat(Destination.deadLetterTopic("g1")).isEqualTo("%DLQ%g1");
        assertThat(Destination.retryGroup("%RETRY%g1")).isEqualTo("g1");
        assertThat(Destination.retryGroup("g1")).isNull();
        assertThat(Destination.retryGroup(null)).isNull();
    }

    @Test
    void shouldLetAnAppendedPairWinOverAnEarlierOneAsTheClientReadsIt() {
        String text = Destination.append("REAL_QID\u00011\u0002a\u0001b\u0002", "REAL_QID", 7);

        assertThat(MessageDecoder.string2messageProperties(text))
                .containsEntry("REAL_QID", "7")
                .containsEntry("a", "b");
    }

    @Test
    void shouldReadTheRealTopicAndQueueBackFromAParkedRecord() {
        ByteBuf parked = record(Destination.park("TAGS\u0001t\u0002", "Real", 5));
        ByteBuf plain = record("TAGS\u0001t\u0002");

        StoredMessageFlyweight flyweight = new StoredMessageFlyweight();
        assertThat(Destination.realTopic(flyweight.wrap(parked, 0))).isEqualTo("Real");
        assertThat(Destination.realQueueIdText(flyweight)).isEqualTo("5");
        assertThat(Destination.realTopic(flyweight.wrap(plain, 0))).isNull();
        assertThat(Destination.realQueueIdText(flyweight)).isNull();
    }

    @Test
    void shouldTakeTheWholeRestAsTheGroupOfARetryTopic() {
        assertThat(Destination.retryGroup("%RETRY%")).isEmpty();
        assertThat(Destination.retryGroup("%RETRY%%RETRY%g")).isEqualTo("%RETRY%g");
        assertThat(Destination.retryGroup("%DLQ%g")).isNull();
    }

    private static ByteBuf record(String properties) {
        MessageRecordWriter writer = new MessageRecordWriter();
        writer.start()
                .body(Unpooled.wrappedBuffer(new byte[] {1}))
                .bornHost(new byte[4], 0)
                .storeHost(new byte[4], 0)
                .properties(properties);
        writer.prepare(Destination.SCHEDULE_TOPIC, 0);
        ByteBuffer segment = ByteBuffer.allocate(writer.size());
        writer.write(segment, 0, 0, 0, 0);
        return Unpooled.wrappedBuffer(segment);
    }
}
