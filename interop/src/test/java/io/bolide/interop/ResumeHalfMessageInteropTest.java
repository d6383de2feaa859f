package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RESUME_CHECK_HALF_MESSAGE (323) against an Apache RocketMQ 5.5.0 broker and Bolide's, through the
 * official admin API ({@code resumeCheckHalfMessage}): a half message its producer never answers is
 * given up after {@code transactionCheckMax} checks (to TRANS_CHECK_MAX_TIME_TOPIC), put back into
 * checking, and committed by the next check: both deliver it to its topic.
 */
class ResumeHalfMessageInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "ResumeTopic";
    private static final String CHECK_MAX_TOPIC = "TRANS_CHECK_MAX_TIME_TOPIC";
    private static final Map<String, String> QUICK_CHECKS =
            Map.of(
                    "transactionTimeOut", "1000",
                    "transactionCheckInterval", "1000",
                    "transactionCheckMax", "1");

    @TempDir Path dir;

    @Test
    void shouldPutAGivenUpHalfMessageBackIntoChecking() throws Exception {
        List<String> reference;
        int nsPort = ApacheBroker.freePortPair();
        Map<String, String> settings = new HashMap<>(QUICK_CHECKS);
        try (ApacheBroker ns = ApacheBroker.nameServer(dir.resolve("namesrv"), nsPort)) {
            settings.put("namesrvAddr", ns.address());
            try (ApacheBroker broker =
                    ApacheBroker.start(
                            dir.resolve("apache"), ApacheBroker.freePortPair(), settings)) {
                reference = scenario(ns.address(), broker.address());
            }
        }
        List<String> ours;
        try (EmbeddedBolide bolide = EmbeddedBolide.start(b -> QUICK_CHECKS.forEach(b::set))) {
            ours = scenario(bolide.nameServerAddress(), bolide.brokerAddress());
        }
        assertThat(ours).isEqualTo(reference);
    }

    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> seen = new ArrayList<>();
        AtomicReference<LocalTransactionState> answer =
                new AtomicReference<>(LocalTransactionState.UNKNOW);
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("resume-admin-" + broker);
        admin.start();
        TransactionMQProducer producer = new TransactionMQProducer("ResumeProducerGroup");
        producer.setNamesrvAddr(ns);
        producer.setInstanceName("resume-producer-" + broker);
        producer.setTransactionListener(
                new TransactionListener() {
                    @Override
                    public LocalTransactionState executeLocalTransaction(Message m, Object arg) {
                        return LocalTransactionState.UNKNOW;
                    }

                    @Override
                    public LocalTransactionState checkLocalTransaction(MessageExt m) {
                        return answer.get();
                    }
                });
        try (Wire wire = new Wire()) {
            admin.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 1, 1, 6));
            producer.start();
            SendResult sent =
                    producer.sendMessageInTransaction(
                            new Message(
                                    TOPIC,
                                    "TagR",
                                    "ResumeKey",
                                    "resume me".getBytes(StandardCharsets.UTF_8)),
                            null);
            seen.add("sent: " + sent.getSendStatus());
            String id = sent.getMsgId();
            Await.until(
                    WAIT, () -> viewable(admin, CHECK_MAX_TOPIC, id), "the half message given up");
            seen.add("delivered before: " + wire.maxOffset(broker, TOPIC, 0));
            answer.set(LocalTransactionState.COMMIT_MESSAGE);
            seen.add("resumed: " + admin.resumeCheckHalfMessage(CHECK_MAX_TOPIC, id));
            Await.until(
                    WAIT,
                    () -> wire.maxOffset(broker, TOPIC, 0) == 1,
                    "the resumed message committed");
            MessageExt delivered = admin.viewMessage(TOPIC, id);
            seen.add(
                    "delivered: "
                            + delivered.getTopic()
                            + " "
                            + delivered.getKeys()
                            + " "
                            + new String(delivered.getBody(), StandardCharsets.UTF_8));
        } finally {
            producer.shutdown();
            admin.shutdown();
        }
        return seen;
    }

    private static boolean viewable(DefaultMQAdminExt admin, String topic, String id) {
        try {
            return admin.viewMessage(topic, id) != null;
        } catch (Exception e) {
            return false;
        }
    }
}
