package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.function.Consumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Delayed messages with the official client: delay levels ({@code setDelayTimeLevel}) and 5.x
 * delivery times ({@code setDeliverTimeMs}) arrive no earlier than due, with the producer's message
 * id, and exactly once across a broker restart in the middle of the delay. The broker runs with
 * short levels (1 s, 2 s, 3 s) and a 100 ms timer precision.
 */
@ClientVersionDependent
class DelayedMessageTest {
    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(
                    b ->
                            b.set("messageDelayLevel", "1s 2s 3s")
                                    .set("timerPrecisionMs", "100")
                                    .set("flushDelayOffsetInterval", "200")
                                    .set("timerMaxDelaySec", "60"));

    @Test
    void shouldDeliverADelayLevelMessageOnlyAfterItsDelay(EmbeddedBolide bolide) throws Exception {
        roundTrip(bolide, "DelayLevelTopic", m -> m.setDelayTimeLevel(2), 2000, false);
    }

    @Test
    void shouldDeliverAtTheRequestedDeliveryTime(EmbeddedBolide bolide) throws Exception {
        roundTrip(
                bolide,
                "DeliverTimeTopic",
                m -> m.setDeliverTimeMs(System.currentTimeMillis() + 1500),
                1500,
                false);
    }

    @Test
    void shouldDeliverADelayLevelMessageOnceAcrossABrokerRestart(EmbeddedBolide bolide)
            throws Exception {
        roundTrip(bolide, "DelayRestartTopic", m -> m.setDelayTimeLevel(3), 3000, true);
    }

    @Test
    void shouldDeliverATimerMessageOnceAcrossABrokerRestart(EmbeddedBolide bolide)
            throws Exception {
        roundTrip(bolide, "TimerRestartTopic", m -> m.setDelayTimeMs(2500), 2500, true);
    }

    @Test
    void shouldRefuseADelayBeyondTheMaximum(EmbeddedBolide bolide) throws Exception {
        DefaultMQProducer producer =
                Clients.startedProducer(bolide.nameServerAddress(), "delay-refused-producer");
        try {
            producer.send(message("DelayRefusedTopic", "TagA", "plain"));
            Message tooLate = message("DelayRefusedTopic", "TagA", "too-late");
            tooLate.setDelayTimeSec(61);

            assertThatThrownBy(() -> producer.send(tooLate))
                    .isInstanceOfSatisfying(
                            MQBrokerException.class,
                            e -> assertThat(e.getResponseCode()).isEqualTo(13))
                    .hasMessageContaining("the delay time should not be bigger than the max delay")
                    .hasMessageContaining("60000ms");
        } finally {
            producer.shutdown();
        }
    }

    /**
     * Sends {@code seq} with a delay of {@code delayMs} set by {@code delay} (optionally restarting
     * the broker right after), checks it arrives no earlier with the same message id, then proves
     * it is not delivered again: a second message with the same delay, sent after the first
     * arrived, comes out of the same delay queue later, so a repeat of the first would precede it.
     * "No earlier" and "still waiting when the restart began" are read from the store timestamp the
     * broker gave the delivered copy, not from when the test looked: a restart on a loaded host can
     * take longer than the delay.
     */
    private static void roundTrip(
            EmbeddedBolide bolide,
            String topic,
            Consumer<Message> delay,
            long delayMs,
            boolean restart)
            throws Exception {
        String ns = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(ns, topic + "-producer");
        Inbox inbox = new Inbox();
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, topic + "-consumer");
        // A restarted broker knows the group's subscription only from the next heartbeat (every
        // 30 s by default); until then pulls get SUBSCRIPTION_NOT_EXIST.
        consumer.setHeartbeatBrokerInterval(500);
        try {
            producer.send(message(topic, "TagA", "warm-up"));
            // The send auto-created the topic; the broker registers it with the name server
            // asynchronously. A consumer that starts before the route is there finds no queues
            // and looks again only at its next rebalance, 20 s later.
            Clients.awaitRoute(producer, topic);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            inbox.awaitSeq("warm-up");

            Message delayed = message(topic, "TagA", "delayed");
            long sentAt = System.currentTimeMillis(); // before a delivery time is computed from it
            delay.accept(delayed);
            SendResult sent = producer.send(delayed);
            assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            long restartBegan = System.currentTimeMillis();
            if (restart) {
                bolide.restartBroker();
            }
            inbox.awaitSeq("delayed");

            MessageExt received = inbox.get("delayed");
            assertThat(received.getStoreTimestamp() - sentAt)
                    .as("delivered no earlier than due")
                    .isGreaterThanOrEqualTo(delayMs - 5);
            if (restart) {
                assertThat(received.getStoreTimestamp())
                        .as("still waiting when the broker began to restart")
                        .isGreaterThanOrEqualTo(restartBegan);
            }
            assertThat(received.getMsgId()).isEqualTo(sent.getMsgId());
            assertThat(received.getTopic()).isEqualTo(topic);
            assertThat(received.getTags()).isEqualTo("TagA");
            assertThat(received.getKeys()).isEqualTo("key-delayed");
            assertThat(received.getBornTimestamp()).isBetween(sentAt, sentAt + 1000);
            assertThat(received.getStoreTimestamp() - received.getBornTimestamp())
                    .isGreaterThanOrEqualTo(delayMs - 5);

            Message after = message(topic, "TagA", "after");
            delay.accept(after);
            producer.send(after);
            inbox.awaitSeq("after");
            assertThat(inbox.deliveredSeqs())
                    .containsExactlyInAnyOrder("warm-up", "delayed", "after");
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }
}
