package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Message recall (RECALL_MESSAGE, 370) with the official client's {@code recallMessage}: a timer
 * message's send answers a recall handle, a recall before the message is due removes it, and a
 * recall the reference refuses (its time passed, a handle for another topic, garbage) is refused
 * with the reference's code and remark; a handle naming an unknown message is accepted as the
 * reference accepts it.
 */
@ClientVersionDependent
class RecallMessageTest {
    private static final String TOPIC = "RecallTopic";

    /** Its own topic: the class shares one broker, and TOPIC's consumer reads from offset 0. */
    private static final String REFUSALS = "RecallRefusals";

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(
                    b -> b.set("recallMessageEnable", "true").set("timerPrecisionMs", "100"));

    @Test
    void shouldRemoveARecalledTimerMessageAndDeliverTheOther(EmbeddedBolide bolide)
            throws Exception {
        String ns = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(ns, "recall-producer");
        Inbox inbox = new Inbox();
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, "recall-consumer");
        try {
            producer.send(message(TOPIC, "TagA", "warm-up"));
            Clients.awaitRoute(producer, TOPIC);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            inbox.awaitSeq("warm-up");
            MessageQueue queue = producer.fetchPublishMessageQueues(TOPIC).get(0);

            long due = System.currentTimeMillis() + 2_000;
            SendResult recalled = producer.send(timer("recalled", due), queue);
            SendResult kept = producer.send(timer("kept", due), queue);
            assertThat(recalled.getRecallHandle()).isNotBlank();
            assertThat(decoded(recalled.getRecallHandle()))
                    .isEqualTo(
                            "v1 " + TOPIC + " broker-a " + (due + 1) + " " + recalled.getMsgId());

            assertThat(producer.recallMessage(TOPIC, recalled.getRecallHandle()))
                    .isEqualTo(recalled.getMsgId());

            inbox.awaitSeq("kept");
            // Same queue, same due time: a delivered "recalled" would come before this barrier.
            producer.send(message(TOPIC, "TagA", "barrier"), queue);
            inbox.awaitSeq("barrier");
            assertThat(inbox.deliveredSeqs())
                    .containsExactlyInAnyOrder("warm-up", "kept", "barrier");

            // Delivered already: its time has passed, so the reference refuses the handle.
            assertThatThrownBy(() -> producer.recallMessage(TOPIC, kept.getRecallHandle()))
                    .isInstanceOfSatisfying(
                            MQBrokerException.class,
                            e -> assertThat(e.getResponseCode()).isEqualTo(604))
                    .hasMessageContaining("recall failed, timestamp invalid");
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    @Test
    void shouldAnswerRecallsAsTheReferenceDoes(EmbeddedBolide bolide) throws Exception {
        DefaultMQProducer producer =
                Clients.startedProducer(bolide.nameServerAddress(), "recall-refusals");
        try {
            producer.send(message(REFUSALS, "TagA", "creates-the-topic"));
            long later = System.currentTimeMillis() + 60_000;

            // A message this broker never had: accepted (nothing is pending to find).
            assertThat(producer.recallMessage(REFUSALS, handle(REFUSALS, later, "UNKNOWN01")))
                    .isEqualTo("UNKNOWN01");
            assertThatThrownBy(() -> producer.recallMessage(REFUSALS, handle("Other", later, "ID")))
                    .hasMessageContaining("recall failed, topic not match");
            assertThatThrownBy(() -> producer.recallMessage(REFUSALS, "bm90IGEgaGFuZGxl"))
                    .hasMessageContaining("recall handle is invalid");
        } finally {
            producer.shutdown();
        }
    }

    private static Message timer(String seq, long dueMs) {
        Message message = message(TOPIC, "TagA", seq);
        message.setDeliverTimeMs(dueMs);
        return message;
    }

    private static String handle(String topic, long dueMs, String id) {
        String text = "v1 " + topic + " broker-a " + dueMs + " " + id;
        return Base64.getUrlEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String decoded(String handle) {
        return new String(Base64.getUrlDecoder().decode(handle), StandardCharsets.UTF_8);
    }
}
