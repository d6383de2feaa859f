package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A topic created through the official admin API is routable as soon as the creation is answered:
 * the official producer sends to it straight away, with no wait or retry in between. Auto-creation
 * is off, so a send cannot fall back on the TBW102 template route and hide a missing route ("No
 * route info of this topic").
 */
@ClientVersionDependent
class TopicCreationTest {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(b -> b.set("autoCreateTopicEnable", "false"));

    private DefaultMQAdminExt admin;
    private DefaultMQProducer producer;

    @BeforeEach
    void start(EmbeddedBolide bolide) throws Exception {
        admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(bolide.nameServerAddress());
        admin.setInstanceName(
                "topic-admin-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet());
        admin.setVipChannelEnabled(false);
        admin.start();
        producer = Clients.startedProducer(bolide.nameServerAddress(), "topic-creation-producer");
    }

    @AfterEach
    void stop() {
        producer.shutdown();
        admin.shutdown();
    }

    @Test
    void shouldSendToATopicRightAfterCreateAndUpdateTopicConfigAnswers(EmbeddedBolide bolide)
            throws Exception {
        for (int i = 0; i < 20; i++) {
            String topic = "CreatedThenSent-" + i;
            admin.createAndUpdateTopicConfig(
                    bolide.brokerAddress(), new TopicConfig(topic, 8, 8, 6));

            TopicRouteData route = admin.examineTopicRouteInfo(topic);
            assertThat(route.getQueueDatas()).hasSize(1);
            assertThat(route.getQueueDatas().get(0).getWriteQueueNums()).isEqualTo(8);
            SendResult sent = producer.send(message(topic, "TagA", "m-" + i));
            assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(sent.getMessageQueue().getTopic()).isEqualTo(topic);
        }
    }

    @Test
    void shouldSendToATopicRightAfterCreateTopicThroughTheClusterAnswers(EmbeddedBolide bolide)
            throws Exception {
        String cluster = bolide.broker().config().brokerClusterName();
        String topic = "CreatedByClusterKey";

        admin.createTopic(cluster, topic, 4, null);

        SendResult sent = producer.send(message(topic, "TagA", "first"));
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void shouldRouteEveryTopicOfAConcurrentBurstWhenItsCreationAnswers(EmbeddedBolide bolide)
            throws Exception {
        ExecutorService creators = Executors.newFixedThreadPool(8);
        try {
            List<Future<SendResult>> sends = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String topic = "Burst-" + i;
                sends.add(
                        creators.submit(
                                () -> {
                                    admin.createAndUpdateTopicConfig(
                                            bolide.brokerAddress(),
                                            new TopicConfig(topic, 2, 2, 6));
                                    return producer.send(message(topic, "TagA", topic));
                                }));
            }
            for (Future<SendResult> send : sends) {
                assertThat(send.get().getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
        } finally {
            creators.shutdownNow();
        }
    }
}
