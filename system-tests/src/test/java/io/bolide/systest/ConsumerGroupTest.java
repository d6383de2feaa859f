package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static io.bolide.systest.Messages.seqs;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class ConsumerGroupTest {
    /** Below the client's periodic rebalance (20 s): only NOTIFY_CONSUMER_IDS_CHANGED is faster. */
    private static final long NOTIFY_DEADLINE_NANOS = 12_000_000_000L;

    @Test
    void shouldSplitQueuesBetweenTwoConsumersOfOneGroup(@NameServerAddress String nameServer)
            throws Exception {
        String topic = "SplitQueues";
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "split-producer");
        Inbox inboxA = new Inbox();
        Inbox inboxB = new Inbox();
        DefaultMQPushConsumer a = null;
        DefaultMQPushConsumer b = null;
        try {
            producer.send(message(topic, "TagA", "create"));
            a = start(Clients.pushConsumer(nameServer, "split-group"), topic, inboxA);
            DefaultMQPushConsumer first = a;
            Clients.await("the first consumer owns all 4 queues", () -> owned(first).size() == 4);
            long joined = System.nanoTime();
            b = start(Clients.pushConsumer(nameServer, "split-group"), topic, inboxB);
            DefaultMQPushConsumer second = b;
            Clients.await(
                    "each consumer owns 2 queues",
                    () -> owned(first).size() == 2 && owned(second).size() == 2);
            assertThat(System.nanoTime() - joined)
                    .as("the first consumer was notified of the new member")
                    .isLessThan(NOTIFY_DEADLINE_NANOS);
            Set<MessageQueue> union = new HashSet<>(owned(a));
            union.addAll(owned(b));
            assertThat(union).hasSize(4);

            List<String> seqs = seqs("split-", 20);
            for (String seq : seqs) {
                producer.send(message(topic, "TagA", seq));
            }
            Clients.await(
                    "all messages arrived at one of the two",
                    () -> delivered(inboxA, inboxB).containsAll(seqs));
            assertThat(inboxA.deliveredSeqs()).isNotEmpty();
            assertThat(inboxB.deliveredSeqs()).isNotEmpty();
            List<String> all = new ArrayList<>(inboxA.deliveredSeqs());
            all.addAll(inboxB.deliveredSeqs());
            // "create" was sent before the second member joined: redelivering it after the queue
            // moved is
            // at-least-once behaviour, not a fault.
            all.removeIf("create"::equals);
            assertThat(all).containsExactlyInAnyOrderElementsOf(seqs);
        } finally {
            shutdown(a);
            shutdown(b);
            producer.shutdown();
        }
    }

    @Test
    void shouldDeliverEveryMessageToEveryBroadcastingConsumer(@NameServerAddress String nameServer)
            throws Exception {
        String topic = "Broadcast";
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "broadcast-producer");
        Inbox inboxA = new Inbox();
        Inbox inboxB = new Inbox();
        DefaultMQPushConsumer a = null;
        DefaultMQPushConsumer b = null;
        try {
            producer.send(message(topic, "TagA", "create"));
            a = start(broadcasting(nameServer), topic, inboxA);
            b = start(broadcasting(nameServer), topic, inboxB);
            DefaultMQPushConsumer first = a;
            DefaultMQPushConsumer second = b;
            Clients.await(
                    "both consumers own all 4 queues",
                    () -> owned(first).size() == 4 && owned(second).size() == 4);
            List<String> seqs = seqs("broadcast-", 10);
            for (String seq : seqs) {
                producer.send(message(topic, "TagA", seq));
            }
            seqs.add("create");
            inboxA.awaitSeqs(seqs);
            inboxB.awaitSeqs(seqs);
            assertThat(inboxA.deliveredSeqs()).containsExactlyInAnyOrderElementsOf(seqs);
            assertThat(inboxB.deliveredSeqs()).containsExactlyInAnyOrderElementsOf(seqs);
        } finally {
            shutdown(a);
            shutdown(b);
            producer.shutdown();
        }
    }

    private static DefaultMQPushConsumer broadcasting(String nameServer) {
        DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, "broadcast-group");
        consumer.setMessageModel(MessageModel.BROADCASTING);
        return consumer;
    }

    private static DefaultMQPushConsumer start(
            DefaultMQPushConsumer consumer, String topic, Inbox inbox) throws Exception {
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        return consumer;
    }

    /** The queues of the topic the consumer's rebalance currently holds (client internals). */
    @SuppressWarnings("deprecation")
    private static Set<MessageQueue> owned(DefaultMQPushConsumer consumer) {
        Set<MessageQueue> queues = new HashSet<>();
        for (MessageQueue queue :
                consumer.getDefaultMQPushConsumerImpl()
                        .getRebalanceImpl()
                        .getProcessQueueTable()
                        .keySet()) {
            if (!queue.getTopic().startsWith("%RETRY%")) {
                queues.add(queue);
            }
        }
        return queues;
    }

    private static Set<String> delivered(Inbox a, Inbox b) {
        Set<String> seqs = new HashSet<>(a.deliveredSeqs());
        seqs.addAll(b.deliveredSeqs());
        return seqs;
    }

    private static void shutdown(DefaultMQPushConsumer consumer) {
        if (consumer != null) {
            consumer.shutdown();
        }
    }
}
