package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.admin.Admin;
import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code bolide admin message resend} against Bolide with the official producer and push consumer:
 * the group's online client consumes the stored message again and the command prints the client's
 * result; a group with no client online is a refusal (exit 1).
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class AdminResendTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "AdminResendTopic";
    private static final String GROUP = "admin-resend-cg";

    @Test
    void aStoredMessageIsConsumedAgainByTheGroupsClient(EmbeddedBolide bolide) throws Exception {
        String ns = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(ns, "admin-resend-pg");
        DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, GROUP);
        AtomicInteger deliveries = new AtomicInteger();
        try {
            SendResult sent = producer.send(message(TOPIC, "TagA", "resend-me"));
            Clients.awaitRoute(producer, TOPIC);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener(
                    (MessageListenerConcurrently)
                            (messages, context) -> {
                                deliveries.addAndGet(messages.size());
                                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                            });
            consumer.start();
            Await.until(Clients.DEADLINE, () -> deliveries.get() == 1, "the message consumed");

            String[] line = {
                "message", "resend", "-n", ns, "-i", sent.getOffsetMsgId(), "-g", GROUP, "--json"
            };
            Result resent = run(line);
            assertThat(resent.status).as(resent.err).isZero();
            JsonNode row = JSON.readTree(resent.out).get(0);
            assertThat(row.get("consumeResult").asText()).isEqualTo("CR_SUCCESS");
            assertThat(row.get("clientId").asText()).isNotEmpty();
            assertThat(deliveries.get()).isEqualTo(2);

            Result nobody =
                    run(
                            "message",
                            "resend",
                            "-n",
                            ns,
                            "-i",
                            sent.getOffsetMsgId(),
                            "-g",
                            "nobody-cg");
            assertThat(nobody.status).isEqualTo(1);
            assertThat(nobody.err).contains("nobody-cg");
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private static Result run(String... line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status =
                Admin.run(
                        List.of(line),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(
                status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int status, String out, String err) {}
}
