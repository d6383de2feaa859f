package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactional messages with the official TransactionMQProducer: a half message is invisible until
 * committed, a rollback is never delivered, and an unknown outcome is settled by the broker's
 * check-back, also after a broker restart. Short check timings keep the test quick.
 */
@ClientVersionDependent
class TransactionTest {
    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(
                    broker ->
                            broker.set("transactionTimeOut", "1000")
                                    .set("transactionCheckInterval", "300"));

    @Test
    void shouldDeliverCommitsOnceNeverRollbacksAndUnknownsAfterTheirCheck(EmbeddedBolide bolide)
            throws Exception {
        String topic = "TxOutcomes";
        String nameServer = bolide.nameServerAddress();
        Outcomes outcomes = new Outcomes();
        Inbox inbox = new Inbox();
        TransactionMQProducer producer = producer(nameServer, "tx-outcomes-producer", outcomes);
        DefaultMQPushConsumer consumer = null;
        try {
            consumer = consumerOnCreatedTopic(nameServer, topic, "tx-outcomes-consumer", inbox);

            outcomes.local.put("rolled-back", LocalTransactionState.ROLLBACK_MESSAGE);
            outcomes.checked.put("rolled-back", LocalTransactionState.ROLLBACK_MESSAGE);
            assertHalf(producer.sendMessageInTransaction(message(topic, "T", "rolled-back"), null));
            outcomes.local.put("committed", LocalTransactionState.COMMIT_MESSAGE);
            outcomes.checked.put("committed", LocalTransactionState.COMMIT_MESSAGE);
            assertHalf(producer.sendMessageInTransaction(message(topic, "T", "committed"), null));
            inbox.awaitSeq("committed");

            outcomes.local.put("unknown", LocalTransactionState.UNKNOW);
            outcomes.checked.put("unknown", LocalTransactionState.COMMIT_MESSAGE);
            assertHalf(producer.sendMessageInTransaction(message(topic, "T", "unknown"), null));
            // Arrives only through a check round, well after the rollback could have leaked.
            inbox.awaitSeq("unknown");

            assertThat(outcomes.checkedSeqs).contains("unknown");
            assertThat(inbox.deliveredSeqs())
                    .containsExactlyInAnyOrder("warm-up", "committed", "unknown");
            MessageExt delivered = inbox.get("unknown");
            assertThat(delivered.getTopic()).isEqualTo(topic);
            assertThat(new String(delivered.getBody(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo("body of unknown");
        } finally {
            if (consumer != null) {
                consumer.shutdown();
            }
            producer.shutdown();
        }
    }

    @Test
    void shouldCommitAHalfMessageThroughACheckAfterABrokerRestart(EmbeddedBolide bolide)
            throws Exception {
        String topic = "TxRestart";
        String nameServer = bolide.nameServerAddress();
        Outcomes outcomes = new Outcomes();
        outcomes.local.put("pending", LocalTransactionState.UNKNOW);
        TransactionMQProducer producer = producer(nameServer, "tx-restart-producer", outcomes);
        Inbox inbox = new Inbox();
        DefaultMQPushConsumer consumer = null;
        try {
            consumer = consumerOnCreatedTopic(nameServer, topic, "tx-restart-consumer", inbox);
            assertHalf(producer.sendMessageInTransaction(message(topic, "T", "pending"), null));

            bolide.restartBroker();
            outcomes.checked.put("pending", LocalTransactionState.COMMIT_MESSAGE);
            inbox.awaitSeq("pending");

            producer.send(message(topic, "T", "after"));
            inbox.awaitSeq("after");
            assertThat(inbox.deliveredSeqs())
                    .containsExactlyInAnyOrder("warm-up", "pending", "after");
        } finally {
            if (consumer != null) {
                consumer.shutdown();
            }
            producer.shutdown();
        }
    }

    private static void assertHalf(TransactionSendResult result) {
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(result.getTransactionId()).isEqualTo(result.getMsgId());
    }

    /** Creates the topic with a plain message, then subscribes and waits for that message. */
    private static DefaultMQPushConsumer consumerOnCreatedTopic(
            String nameServer, String topic, String group, Inbox inbox) throws Exception {
        DefaultMQProducer plain = Clients.startedProducer(nameServer, group + "-warm-up");
        try {
            plain.send(message(topic, "T", "warm-up"));
        } finally {
            plain.shutdown();
        }
        DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, group);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        inbox.awaitSeq("warm-up");
        return consumer;
    }

    private static TransactionMQProducer producer(
            String nameServer, String group, Outcomes outcomes) throws Exception {
        TransactionMQProducer producer = new TransactionMQProducer(group);
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("systest-tx-" + ProcessHandle.current().pid() + "-" + group);
        producer.setVipChannelEnabled(false);
        producer.setSendMsgTimeout(15_000); // loaded CI hosts, as Clients does
        producer.setMqClientApiTimeout(15_000);
        // After a broker restart the broker knows the producer again only from a heartbeat.
        producer.setHeartbeatBrokerInterval(500);
        producer.setTransactionListener(outcomes);
        producer.start();
        return producer;
    }

    /** Answers per message seq: locally after the send, and to the broker's checks. */
    private static final class Outcomes implements TransactionListener {
        final Map<String, LocalTransactionState> local = new ConcurrentHashMap<>();
        final Map<String, LocalTransactionState> checked = new ConcurrentHashMap<>();
        final Set<String> checkedSeqs = ConcurrentHashMap.newKeySet();

        @Override
        public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
            return local.getOrDefault(
                    message.getUserProperty(Inbox.SEQ), LocalTransactionState.UNKNOW);
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt message) {
            String seq = message.getUserProperty(Inbox.SEQ);
            checkedSeqs.add(seq);
            return checked.getOrDefault(seq, LocalTransactionState.UNKNOW);
        }
    }
}
