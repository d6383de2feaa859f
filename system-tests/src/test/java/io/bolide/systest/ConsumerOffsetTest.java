package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static io.bolide.systest.Messages.seqs;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A group's committed offsets live in the broker: a restarted consumer of the group, even after a
 * broker restart, resumes where the group stopped (CONSUME_FROM_FIRST_OFFSET would otherwise replay
 * everything).
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class ConsumerOffsetTest {

    @Test
    void shouldResumeFromCommittedOffsetsAfterConsumerRestart(EmbeddedBolide bolide)
            throws Exception {
        resumeAcrossRestart(bolide, "OffsetsConsumerRestart", "offsets-consumer-group", false);
    }

    @Test
    void shouldResumeFromCommittedOffsetsAfterBrokerRestart(EmbeddedBolide bolide)
            throws Exception {
        resumeAcrossRestart(bolide, "OffsetsBrokerRestart", "offsets-broker-group", true);
    }

    private static void resumeAcrossRestart(
            EmbeddedBolide bolide, String topic, String group, boolean restartBroker)
            throws Exception {
        String nameServer = bolide.nameServerAddress();
        DefaultMQProducer producer = Clients.startedProducer(nameServer, group + "-producer");
        try {
            List<String> first = seqs("first-", 12);
            for (String seq : first) {
                producer.send(message(topic, "TagA", seq));
            }
            Inbox before = new Inbox();
            DefaultMQPushConsumer consumer = consumer(nameServer, topic, group, before);
            before.awaitSeqs(first);
            consumer.shutdown(); // persists the group's offsets at the broker
            awaitCommitted(nameServer, topic, group, first.size());
        } finally {
            producer.shutdown();
        }
        if (restartBroker) {
            bolide.restartBroker();
            awaitCommitted(nameServer, topic, group, 12);
        }
        producer = Clients.startedProducer(nameServer, group + "-producer2");
        try {
            List<String> second = seqs("second-", 5);
            for (String seq : second) {
                producer.send(message(topic, "TagA", seq));
            }
            Inbox after = new Inbox();
            DefaultMQPushConsumer consumer = consumer(nameServer, topic, group, after);
            try {
                after.awaitSeqs(second);
                producer.send(message(topic, "TagA", "end"));
                after.awaitSeq("end");
                List<String> expected = new ArrayList<>(second);
                expected.add("end");
                assertThat(after.deliveredSeqs()).containsExactlyInAnyOrderElementsOf(expected);
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }

    private static DefaultMQPushConsumer consumer(
            String nameServer, String topic, String group, Inbox inbox) throws Exception {
        DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, group);
        // The listener has seen a message before the client advances the offset past it. With the
        // default (0) shutdown does not wait for consume tasks still running and persists the
        // offsets at once: the last one could be left out, and the broker hold 11 of 12.
        consumer.setAwaitTerminationMillisWhenShutdown(Clients.DEADLINE.toMillis());
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        return consumer;
    }

    /** Waits until the broker answers QUERY_CONSUMER_OFFSET with offsets summing to {@code n}. */
    private static void awaitCommitted(String nameServer, String topic, String group, long n)
            throws Exception {
        DefaultLitePullConsumer reader = Clients.litePullConsumer(nameServer, group);
        reader.start();
        try {
            List<MessageQueue> queues = new ArrayList<>(reader.fetchMessageQueues(topic));
            reader.assign(queues);
            Clients.await(
                    "the broker holds offsets summing to " + n,
                    () -> committedSum(reader, queues) == n);
        } finally {
            reader.shutdown();
        }
    }

    private static long committedSum(DefaultLitePullConsumer reader, List<MessageQueue> queues) {
        long sum = 0;
        for (MessageQueue queue : queues) {
            try {
                sum += Math.max(0, reader.committed(queue));
            } catch (MQClientException e) {
                return -1;
            }
        }
        return sum;
    }
}
