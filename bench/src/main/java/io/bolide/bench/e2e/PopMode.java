package io.bolide.bench.e2e;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * Puts a consumer group in POP mode the way {@code mqadmin setConsumeMode -m POP -q 0} does, the
 * same call against either broker: SET_MESSAGE_REQUEST_MODE (401) to every broker of the topic's
 * route. The push consumer then leaves rebalancing to the broker (QUERY_ASSIGNMENT), which answers
 * POP for the group, and the client pops, acknowledging each consumed message on its own.
 */
final class PopMode {
    private static final long TIMEOUT_MS = 15_000;

    private PopMode() {}

    /**
     * Sets POP for {@code group} on {@code topic}; popShareQueueNum 0: every consumer of the group
     * pops from every queue (the broker picks the queue), as the tool's default does.
     */
    @SuppressWarnings("deprecation") // the client's API handle: the one way without the tools jar
    static void set(DefaultMQProducer producer, String topic, String group) throws Exception {
        MQClientAPIImpl api =
                producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, TIMEOUT_MS);
        for (BrokerData broker : route.getBrokerDatas()) {
            api.setMessageRequestMode(
                    broker.selectBrokerAddr(), topic, group, MessageRequestMode.POP, 0, TIMEOUT_MS);
        }
    }

    /** A push consumer that asks the broker for its assignment, and so learns the POP mode. */
    static void configure(DefaultMQPushConsumer consumer) {
        consumer.setClientRebalance(false);
    }
}
