package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MessageListenerOrderly against Bolide: messages of one order go to one queue (a selector by order
 * id), and each order's steps are consumed in sending order, also after a second consumer joins the
 * group and the queues (and their broker-side locks) are split between the two.
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class OrderedConsumeTest {
    private static final int ORDERS = 8;
    private static final int STEPS = 10;
    private static final MessageQueueSelector BY_ORDER =
            (queues, message, orderId) -> queues.get((Integer) orderId % queues.size());

    @Test
    void shouldKeepEachOrdersStepsInSequenceAcrossAConsumerJoining(EmbeddedBolide bolide)
            throws Exception {
        String nameServer = bolide.nameServerAddress();
        String topic = "OrderedSteps";
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "ordered-producer");
        Steps stepsA = new Steps();
        Steps stepsB = new Steps();
        DefaultMQPushConsumer a = null;
        DefaultMQPushConsumer b = null;
        try {
            send(producer, topic, 0);
            a = start(Clients.pushConsumer(nameServer, "ordered-group"), topic, stepsA);
            Clients.await("the first half arrived", () -> stepsA.distinct() == ORDERS * STEPS);

            b = start(Clients.pushConsumer(nameServer, "ordered-group"), topic, stepsB);
            DefaultMQPushConsumer first = a;
            DefaultMQPushConsumer second = b;
            Clients.await(
                    "each consumer holds 2 locked queues",
                    () -> locked(first).size() == 2 && locked(second).size() == 2);
            Set<MessageQueue> union = new HashSet<>(locked(a));
            union.addAll(locked(b));
            assertThat(union).hasSize(4);
            assertThat(lockAs(a, bolide.brokerAddress(), "intruder", union))
                    .as("queues locked by live consumers are not granted to another client")
                    .isEmpty();

            send(producer, topic, STEPS);
            Clients.await(
                    "the second half arrived",
                    () -> stepsA.distinct() + stepsB.distinct() >= 2 * ORDERS * STEPS);
            assertThat(stepsB.distinct()).as("the joining consumer took over queues").isPositive();
            assertThat(Steps.OVERLAPS).as("queues consumed by two consumers at once").isEmpty();
            for (int order = 0; order < ORDERS; order++) {
                assertThat(firstDeliveries(order, stepsA, stepsB))
                        .as("steps of order %d in first-delivery order", order)
                        .isSorted()
                        .hasSize(2 * STEPS);
            }
        } finally {
            shutdown(a);
            shutdown(b);
            producer.shutdown();
        }
    }

    private static void send(DefaultMQProducer producer, String topic, int fromStep)
            throws Exception {
        for (int step = fromStep; step < fromStep + STEPS; step++) {
            for (int order = 0; order < ORDERS; order++) {
                Message message =
                        new Message(
                                topic,
                                "step",
                                order + ":" + step,
                                (order + ":" + step).getBytes(StandardCharsets.UTF_8));
                message.putUserProperty("order", Integer.toString(order));
                message.putUserProperty("step", Integer.toString(step));
                assertThat(producer.send(message, BY_ORDER, order).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
            }
        }
    }

    /**
     * An order's steps in the order they were first consumed, by either consumer. A step may be
     * consumed again after its queue moved (its offset was not yet committed): at-least-once, not a
     * reordering; the order of first deliveries is what must hold.
     */
    private static List<Integer> firstDeliveries(int order, Steps a, Steps b) {
        List<Delivery> all = new ArrayList<>(a.deliveries);
        all.addAll(b.deliveries);
        all.sort((x, y) -> Long.compare(x.sequence, y.sequence));
        List<Integer> steps = new ArrayList<>();
        for (Delivery delivery : all) {
            if (delivery.order == order && !steps.contains(delivery.step)) {
                steps.add(delivery.step);
            }
        }
        return steps;
    }

    /** LOCK_BATCH_MQ through the official client's API, on behalf of another client id. */
    @SuppressWarnings("deprecation")
    private static Set<MessageQueue> lockAs(
            DefaultMQPushConsumer via, String broker, String clientId, Set<MessageQueue> queues)
            throws Exception {
        LockBatchRequestBody body = new LockBatchRequestBody();
        body.setConsumerGroup(via.getConsumerGroup());
        body.setClientId(clientId);
        body.setMqSet(queues);
        return via.getDefaultMQPushConsumerImpl()
                .getmQClientFactory()
                .getMQClientAPIImpl()
                .lockBatchMQ(broker, body, 5000);
    }

    /** The queues whose broker lock the consumer holds (client internals). */
    @SuppressWarnings("deprecation")
    private static Set<MessageQueue> locked(DefaultMQPushConsumer consumer) {
        Set<MessageQueue> queues = new HashSet<>();
        consumer.getDefaultMQPushConsumerImpl()
                .getRebalanceImpl()
                .getProcessQueueTable()
                .forEach(
                        (queue, process) -> {
                            if (!queue.getTopic().startsWith("%RETRY%") && process.isLocked()) {
                                queues.add(queue);
                            }
                        });
        return queues;
    }

    private static DefaultMQPushConsumer start(
            DefaultMQPushConsumer consumer, String topic, Steps steps) throws Exception {
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(steps);
        consumer.start();
        return consumer;
    }

    private static void shutdown(DefaultMQPushConsumer consumer) {
        if (consumer != null) {
            consumer.shutdown();
        }
    }

    private record Delivery(long sequence, int order, int step) {}

    /** Records every delivery with a global sequence number, and checks queue exclusivity. */
    private static final class Steps implements MessageListenerOrderly {
        private static final java.util.concurrent.atomic.AtomicLong SEQUENCE =
                new java.util.concurrent.atomic.AtomicLong();
        private static final Map<Integer, Thread> BUSY = new ConcurrentHashMap<>();
        static final List<Integer> OVERLAPS = new CopyOnWriteArrayList<>();
        final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
        private final Set<String> seen = ConcurrentHashMap.newKeySet();

        @Override
        public ConsumeOrderlyStatus consumeMessage(
                List<MessageExt> messages, ConsumeOrderlyContext context) {
            int queueId = context.getMessageQueue().getQueueId();
            Thread mine = Thread.currentThread();
            if (BUSY.putIfAbsent(queueId, mine) != null) {
                // The client swallows listener exceptions: record, and assert in the test.
                OVERLAPS.add(queueId);
            }
            try {
                for (MessageExt message : messages) {
                    int order = Integer.parseInt(message.getUserProperty("order"));
                    int step = Integer.parseInt(message.getUserProperty("step"));
                    deliveries.add(new Delivery(SEQUENCE.incrementAndGet(), order, step));
                    seen.add(order + ":" + step);
                }
            } finally {
                BUSY.remove(queueId, mine);
            }
            return ConsumeOrderlyStatus.SUCCESS;
        }

        int distinct() {
            return seen.size();
        }
    }
}
