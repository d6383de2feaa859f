package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.TopicConfig;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official 5.4.0 producer and push consumer against the broker, with a stand-in name server
 * that answers routes from the broker's own topic table (the real name server is another module).
 */
@ClientVersionDependent
class OfficialClientSmokeTest {
    @TempDir Path dir;

    static RemotingServer routes(Broker broker) throws Exception {
        RemotingServer ns =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        ns.registerHandler(
                RequestCode.GET_ROUTEINFO_BY_TOPIC,
                (request, exchange) -> {
                    TopicConfig topic = broker.topicConfig(request.extFieldMap().get("topic"));
                    if (topic == null) {
                        exchange.respond(17, "No topic route info in name server for the topic");
                        return;
                    }
                    exchange.respond(0, null, null, Unpooled.wrappedBuffer(route(broker, topic)));
                });
        return ns.start();
    }

    private static byte[] route(Broker broker, TopicConfig topic) {
        QueueData queues = new QueueData();
        queues.setBrokerName("broker-a");
        queues.setReadQueueNums(topic.readQueueNums());
        queues.setWriteQueueNums(topic.writeQueueNums());
        queues.setPerm(topic.perm());
        HashMap<Long, String> addresses = new HashMap<>();
        addresses.put(0L, broker.address());
        TopicRouteData route = new TopicRouteData();
        route.setQueueDatas(List.of(queues));
        route.setBrokerDatas(List.of(new BrokerData("DefaultCluster", "broker-a", addresses)));
        route.setFilterServerTable(new HashMap<>());
        return route.encode();
    }

    @Test
    void shouldProduceAndConsumeWithTheOfficialClients() throws Exception {
        Broker broker = Broker.start(TestBrokers.config(dir).build());
        RemotingServer ns = routes(broker);
        String namesrv = "127.0.0.1:" + ns.port();
        DefaultMQProducer producer = new DefaultMQProducer("smoke-pg");
        producer.setNamesrvAddr(namesrv);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("smoke-cg");
        consumer.setNamesrvAddr(namesrv);
        try {
            producer.start();
            for (int i = 0; i < 20; i++) {
                Message message =
                        new Message("Smoke", "TagA", ("m" + i).getBytes(StandardCharsets.UTF_8));
                message.setKeys("k" + i);
                SendResult result = producer.send(message);
                assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
            Set<String> received = ConcurrentHashMap.newKeySet();
            consumer.subscribe("Smoke", "TagA");
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.registerMessageListener(
                    (MessageListenerConcurrently)
                            (messages, context) -> {
                                messages.forEach(
                                        m ->
                                                received.add(
                                                        new String(
                                                                m.getBody(),
                                                                StandardCharsets.UTF_8)));
                                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                            });
            consumer.start();
            Await.until(
                    Duration.ofSeconds(30), () -> received.size() == 20, "20 messages consumed");
            Message late = new Message("Smoke", "TagA", "late".getBytes(StandardCharsets.UTF_8));
            assertThat(producer.send(late).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            Await.until(
                    Duration.ofSeconds(10), () -> received.contains("late"), "long-polled message");
        } finally {
            consumer.shutdown();
            producer.shutdown();
            ns.close();
            broker.close();
        }
    }
}
