package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RESUME_CHECK_HALF_MESSAGE (323) against an Apache RocketMQ 5.5.0 broker and Bolide's: a half
 * message whose producer answers every check UNKNOW is given up after {@code transactionCheckMax}
 * checks and lands in TRANS_CHECK_MAX_TIME_TOPIC, which the broker then routes (the topic is
 * created with the first given-up message); the official admin's {@code resumeCheckHalfMessage}
 * looks the message up there by its id and puts it back into checking; the producer's commit on the
 * next check delivers it, once, to a push consumer. Both brokers give the same answers along the
 * way.
 */
@ClientVersionDependent
class TransactionGiveUpInteropTest {
    private static final String TOPIC = "TxGiveUpTopic";
    private static final String CHECK_MAX_TOPIC = "TRANS_CHECK_MAX_TIME_TOPIC";
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Map<String, String> SETTINGS =
            Map.of(
                    "transactionTimeOut", "1000",
                    "transactionCheckInterval", "1000",
                    "transactionCheckMax", "1");

    @TempDir Path dir;

    @Test
    void shouldGiveUpAHalfMessageAndCommitItAfterAResumeAsTheReferenceDoes() throws Exception {
        List<String> reference =
                Standalone.onApache(dir, SETTINGS, TransactionGiveUpInteropTest::scenario);
        List<String> ours = Standalone.onBolide(SETTINGS, TransactionGiveUpInteropTest::scenario);
        assertThat(ours).isEqualTo(reference);
        assertThat(ours).contains("delivered: [given up once]", "resumed: true");
    }

    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> seen = new ArrayList<>();
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("giveup-admin-" + broker);
        admin.start();
        Checks checks = new Checks();
        TransactionMQProducer producer = new TransactionMQProducer("GiveUpProducer");
        producer.setNamesrvAddr(ns);
        producer.setInstanceName("giveup-producer-" + broker);
        producer.setTransactionListener(checks);
        // The default 3 s is short for a broker sharing two cores with a whole test run.
        producer.setSendMsgTimeout(15_000);
        List<String> delivered = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("GiveUpConsumer");
        try {
            admin.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 1, 1, 6));
            seen.add("check-max topic before: " + routed(admin, CHECK_MAX_TOPIC));
            // The name server learns of the new topic with the broker's next registration; a
            // send before that finds no route and fails.
            Await.until(PATIENCE, () -> routed(admin, TOPIC), "the route of " + TOPIC);
            producer.start();
            startConsumer(consumer, ns, broker, delivered);
            SendResult sent =
                    producer.sendMessageInTransaction(
                            new Message(
                                    TOPIC,
                                    "T",
                                    "k1",
                                    "given up once".getBytes(StandardCharsets.UTF_8)),
                            null);
            seen.add("sent: " + sent.getSendStatus());
            Await.until(
                    PATIENCE,
                    () -> maxOffset(admin) == 1,
                    "the half message given up after its check");
            seen.add("checks before giving up: " + checks.asked.get());
            seen.add("check-max topic after: " + routed(admin, CHECK_MAX_TOPIC));
            TopicConfig created = admin.examineTopicConfig(broker, CHECK_MAX_TOPIC);
            seen.add(
                    "check-max topic config: "
                            + created.getReadQueueNums()
                            + "/"
                            + created.getWriteQueueNums()
                            + " perm "
                            + created.getPerm());
            seen.add("delivered before resume: " + delivered);
            checks.commit.set(true);
            seen.add("resumed: " + admin.resumeCheckHalfMessage(CHECK_MAX_TOPIC, sent.getMsgId()));
            Await.until(PATIENCE, () -> !delivered.isEmpty(), "the resumed message delivered");
            seen.add("delivered: " + delivered);
        } finally {
            consumer.shutdown();
            producer.shutdown();
            admin.shutdown();
        }
        return seen;
    }

    private static void startConsumer(
            DefaultMQPushConsumer consumer, String ns, String broker, List<String> delivered)
            throws Exception {
        consumer.setNamesrvAddr(ns);
        consumer.setInstanceName("giveup-consumer-" + broker);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            for (MessageExt message : messages) {
                                delivered.add(
                                        new String(message.getBody(), StandardCharsets.UTF_8));
                            }
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
    }

    /** Whether the name server routes the topic. */
    private static boolean routed(DefaultMQAdminExt admin, String topic) {
        try {
            return !admin.examineTopicRouteInfo(topic).getQueueDatas().isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** TRANS_CHECK_MAX_TIME_TOPIC's max offset over its queues; -1 while it is not routed. */
    private static long maxOffset(DefaultMQAdminExt admin) {
        try {
            TopicStatsTable stats = admin.examineTopicStats(CHECK_MAX_TOPIC);
            return stats.getOffsetTable().values().stream()
                    .mapToLong(offset -> offset.getMaxOffset())
                    .sum();
        } catch (Exception e) {
            return -1;
        }
    }

    /**
     * A producer that leaves its transaction open and answers checks UNKNOW until told to commit.
     */
    private static final class Checks implements TransactionListener {
        final AtomicBoolean commit = new AtomicBoolean();
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
            return LocalTransactionState.UNKNOW;
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt message) {
            if (commit.get()) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }
            asked.incrementAndGet();
            return LocalTransactionState.UNKNOW;
        }
    }
}
