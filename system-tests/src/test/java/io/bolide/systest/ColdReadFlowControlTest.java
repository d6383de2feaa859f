package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cold-read flow control driven by the official mqadmin 5.5.0 and pulled through by the official
 * client: flow control on with accessMessageInMemoryHotRatio 0 (every read is cold) and a one-byte
 * threshold, so a pull consumer that read its queue once gets one record per pull until its window
 * ends; a group threshold set with updateColdDataFlowCtrGroupConfig lifts it, and
 * getColdDataFlowCtrInfo shows the group's cold bytes and its threshold. The keys are reset
 * afterwards: the broker is shared with other tests.
 */
@ExtendWith(BolideExtension.class)
@SuppressWarnings("deprecation") // DefaultMQPullConsumer: the official one-shot pull at an offset
class ColdReadFlowControlTest {
    private static final String TOPIC = "ColdReadTopic";
    private static final String GROUP = "cold-reader";
    private static final int SENT = 10;

    private static MqAdmin mqadmin;
    private static String address;
    private static DefaultMQProducer producer;
    private static DefaultMQPullConsumer consumer;
    private static MessageQueue queue;

    @BeforeAll
    static void start(EmbeddedBolide bolide) throws Exception {
        String nameServer = bolide.nameServerAddress();
        mqadmin = new MqAdmin(nameServer);
        address = bolide.brokerAddress();
        mqadmin.run("updateTopic", "-c", "DefaultCluster", "-t", TOPIC, "-r", "1", "-w", "1");
        producer = Clients.startedProducer(nameServer, "cold-pg");
        Clients.awaitRoute(producer, TOPIC);
        for (int i = 0; i < SENT; i++) {
            producer.send(Messages.message(TOPIC, "TagA", "c" + i));
        }
        queue = new MessageQueue(TOPIC, bolide.broker().config().brokerName(), 0);
        consumer = new DefaultMQPullConsumer(GROUP);
        Clients.configure(consumer, nameServer);
        consumer.start();
        set("accessMessageInMemoryHotRatio", "0");
        set("cgColdReadThreshold", "1");
        set("coldDataFlowControlEnable", "true");
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            set("coldDataFlowControlEnable", "false");
            set("cgColdReadThreshold", String.valueOf(3L << 20));
            set("accessMessageInMemoryHotRatio", "26");
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private static void set(String key, String value) {
        mqadmin.run("updateBrokerConfig", "-b", address, "-k", key, "-v", value);
    }

    private static int pulled() {
        try {
            PullResult result = consumer.pull(queue, "*", 0, 32);
            return result.getPullStatus() == PullStatus.FOUND ? result.getMsgFoundList().size() : 0;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Two pulls in a row, the second in the first's window: the second is cut to one record. */
    private static boolean throttled() {
        return pulled() == SENT && pulled() == 1;
    }

    @Test
    void shouldCutAPullConsumerOverItsThresholdToOneRecordUntilItsOwnThresholdIsRaised() {
        Clients.await("a pull cut to one record", ColdReadFlowControlTest::throttled);
        String info = mqadmin.run("getColdDataFlowCtrInfo", "-b", address);
        assertThat(info).contains(GROUP).contains("coldAcc").contains("\"cgColdReadThreshold\":1");

        String updated =
                mqadmin.run(
                        "updateColdDataFlowCtrGroupConfig",
                        "-b",
                        address,
                        "-g",
                        GROUP,
                        "-v",
                        String.valueOf(1L << 30));
        assertThat(updated).contains("updateColdDataFlowCtrGroupConfig success");
        assertThat(mqadmin.run("getColdDataFlowCtrInfo", "-b", address))
                .contains("\"" + GROUP + "\":" + (1L << 30));
        assertThat(pulled()).isEqualTo(SENT);
        assertThat(pulled()).isEqualTo(SENT);

        String removed =
                mqadmin.run("removeColdDataFlowCtrGroupConfig", "-b", address, "-g", GROUP);
        assertThat(removed).contains("remove broker cold read threshold success");
        Clients.await("a pull cut to one record again", ColdReadFlowControlTest::throttled);
    }
}
