package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official push consumer in POP mode, as {@code mqadmin setConsumeMode -m POP} sets it up: the
 * group's mode on the topic is POP (SET_MESSAGE_REQUEST_MODE), the consumer leaves rebalancing to
 * the broker (QUERY_ASSIGNMENT), pops with long polling, acknowledges each message on its own, and
 * gets back what it did not acknowledge within the invisible time.
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class PopConsumeTest {
    private static final long INVISIBLE_MS = 5_000; // the client's minimum

    @Test
    void shouldDeliverEveryMessageIntactAndRedeliverOnlyTheUnacknowledgedOne(
            @NameServerAddress String nameServer) throws Exception {
        // The ROCKETMQ header serialization carries the request code in 16 bits: POP_MESSAGE
        // (200050) arrives as 3442, which the reference broker refuses too (docs/protocol/pop.md).
        Assumptions.assumeFalse(
                "ROCKETMQ".equals(System.getProperty("rocketmq.serialize.type")),
                "POP codes do not fit the ROCKETMQ serialization's 16-bit code field");
        String topic = "PopConsume";
        String group = "pop-consume-group";
        DefaultMQProducer producer = Clients.startedProducer(nameServer, group + "-producer");
        DefaultMQPushConsumer consumer = null;
        try {
            producer.send(message(topic, "Tag-pop", "warm-up"));
            Clients.awaitRoute(producer, topic);
            setPopMode(producer, topic, group);
            List<String> seqs = Messages.seqs("pop-", 20);
            for (String seq : seqs) {
                producer.send(message(topic, "Tag-pop", seq));
            }
            SlowOnce listener = new SlowOnce("pop-7");
            consumer = Clients.pushConsumer(nameServer, group);
            consumer.setClientRebalance(false);
            consumer.setPopInvisibleTime(INVISIBLE_MS);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(listener);
            consumer.start();

            Clients.await(
                    "every message and the redelivery of the slow one",
                    () -> listener.seqs().containsAll(seqs) && listener.count("pop-7") >= 2);
            long quiet = System.currentTimeMillis() + 2 * INVISIBLE_MS;
            Clients.await(
                    "two invisible times without news", () -> System.currentTimeMillis() > quiet);

            for (String seq : seqs) {
                assertThat(listener.count(seq)).as(seq).isEqualTo(seq.equals("pop-7") ? 2 : 1);
                MessageExt m = listener.first(seq);
                assertThat(m.getTopic()).isEqualTo(topic);
                assertThat(m.getTags()).isEqualTo("Tag-pop");
                assertThat(m.getKeys()).isEqualTo("key-" + seq);
                assertThat(m.getUserProperty("colour")).isEqualTo("blue-" + seq);
                assertThat(new String(m.getBody(), StandardCharsets.UTF_8))
                        .isEqualTo("body of " + seq);
            }
            List<MessageExt> slow = listener.deliveries("pop-7");
            assertThat(slow.get(1).getMsgId()).isEqualTo(slow.get(0).getMsgId());
            assertThat(slow).extracting(MessageExt::getReconsumeTimes).containsExactly(0, 1);
        } finally {
            if (consumer != null) {
                consumer.shutdown();
            }
            producer.shutdown();
        }
    }

    /**
     * What {@code mqadmin setConsumeMode -m POP} sends to the topic's broker, through the
     * producer's client API (deprecated accessor, but the one way to it without the tools jar).
     */
    @SuppressWarnings("deprecation")
    private static void setPopMode(DefaultMQProducer producer, String topic, String group)
            throws Exception {
        MQClientAPIImpl api =
                producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, 15_000);
        String broker = route.getBrokerDatas().get(0).selectBrokerAddr();
        api.setMessageRequestMode(broker, topic, group, MessageRequestMode.POP, 0, 15_000);
    }

    /**
     * Keeps every delivery; the first delivery of one message is held past its invisible time
     * (until the broker has redelivered it to another consume thread), so that delivery's
     * acknowledgement comes too late and the redelivery is the one that counts.
     */
    private static final class SlowOnce implements MessageListenerConcurrently {
        private final String slowSeq;
        private final CountDownLatch redelivered = new CountDownLatch(1);
        private final Map<String, List<MessageExt>> bySeq = new ConcurrentHashMap<>();

        SlowOnce(String slowSeq) {
            this.slowSeq = slowSeq;
        }

        @Override
        public ConsumeConcurrentlyStatus consumeMessage(
                List<MessageExt> messages, ConsumeConcurrentlyContext context) {
            for (MessageExt m : messages) {
                String seq = m.getUserProperty(Inbox.SEQ);
                List<MessageExt> seen =
                        bySeq.computeIfAbsent(seq, s -> new CopyOnWriteArrayList<>());
                seen.add(m);
                if (slowSeq.equals(seq) && seen.size() == 1) {
                    awaitRedelivery();
                } else if (slowSeq.equals(seq)) {
                    redelivered.countDown();
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        }

        private void awaitRedelivery() {
            try {
                redelivered.await(Clients.DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        List<String> seqs() {
            return List.copyOf(bySeq.keySet());
        }

        int count(String seq) {
            List<MessageExt> seen = bySeq.get(seq);
            return seen == null ? 0 : seen.size();
        }

        MessageExt first(String seq) {
            return bySeq.get(seq).get(0);
        }

        List<MessageExt> deliveries(String seq) {
            return bySeq.get(seq);
        }
    }
}
