package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.EpochEntry;
import org.apache.rocketmq.remoting.protocol.body.BrokerReplicasInfo;
import org.apache.rocketmq.remoting.protocol.body.EpochEntryCache;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * Automatic fail-over (issue #19) with the official 5.4.0 client: a controller and three brokers of
 * one group in controller mode (allAckInSyncStateSet, so a SEND_OK means every in-sync replica
 * holds the message). The master is stopped with a tail its slaves never got; a slave is elected,
 * the producer's sends succeed on it again, every acknowledged message is consumed from it, and the
 * old master comes back as a slave that cuts the tail.
 */
@ClientVersionDependent
class ControllerFailoverTest {
    private static final String TOPIC = "FailoverTopic";
    private static final Duration ELECTION = Duration.ofSeconds(30);

    @Test
    void shouldElectASlaveLoseNoAcknowledgedSendAndCutTheOldMastersTail() throws Exception {
        try (ControllerGroup group = new ControllerGroup()) {
            Broker a = group.start("a");
            Clients.await("a becomes the master", () -> a.config().brokerId() == 0);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(group.namesrvAddr());
            // Before the slaves start: they copy the master's topics when they first follow it,
            // then only every few seconds (the reference's: every 10 s), and a new master without
            // the topic would leave it unrouted.
            admin.createAndUpdateTopicConfig(a.address(), new TopicConfig(TOPIC, 2, 2, 6));
            Broker b = group.start("b");
            Broker c = group.start("c");
            Clients.await("all three in sync", () -> inSync(admin, group) == 3);
            Clients.awaitCostly(
                    "b and c copied the topic",
                    () -> hasTopic(admin, b.address()) && hasTopic(admin, c.address()));
            DefaultMQProducer producer = Clients.producer(group.namesrvAddr(), "ctl-producer");
            producer.setSendMsgTimeout(3_000);
            producer.setPollNameServerInterval(500);
            producer.start();
            List<String> acked = new ArrayList<>();
            try {
                // The first send after the slaves joined may still answer a non-OK status while
                // their links settle: wait for one acknowledged send, then all 40 must be.
                awaitSendOk(producer, acked);
                sendAcked(producer, "before-", 40, acked);
                assertThat(acked).hasSize(41);
                long aEnd = admin.getBrokerEpochCache(a.address()).getMaxOffset();
                // A tail only the master holds: its slaves are gone, its sends time out unacked.
                group.stop(b);
                group.stop(c);
                SendResult unacked = producer.send(new Message(TOPIC, "tail".getBytes()));
                assertThat(unacked.getSendStatus()).isEqualTo(SendStatus.FLUSH_SLAVE_TIMEOUT);
                long tailEnd = admin.getBrokerEpochCache(a.address()).getMaxOffset();
                assertThat(tailEnd).isGreaterThan(aEnd);
                group.stop(a);

                Broker b2 = group.start("b");
                Broker c2 = group.start("c");
                long failedAt = System.nanoTime();
                Clients.await(
                        "b or c elected",
                        () -> b2.config().brokerId() == 0 || c2.config().brokerId() == 0);
                Broker master = b2.config().brokerId() == 0 ? b2 : c2;
                awaitSendOk(producer, acked);
                System.out.printf(
                        "fail-over: first SEND_OK on the new master %d ms after the restart%n",
                        (System.nanoTime() - failedAt) / 1_000_000);
                sendAcked(producer, "after-", 20, acked);

                assertThat(consumeAll(group.namesrvAddr(), acked.size())).containsAll(acked);

                Broker a2 = group.start("a");
                Clients.await("a comes back a slave", () -> a2.config().brokerId() > 0);
                EpochEntryCache newMaster = admin.getBrokerEpochCache(master.address());
                Clients.awaitCostly(
                        "a holds exactly the new master's log",
                        () -> sameLog(admin, a2.address(), master.address()));
                EpochEntryCache back = admin.getBrokerEpochCache(a2.address());
                assertThat(back.getEpochList().get(0).getEndOffset())
                        .as("a's first term now ends where the new master's began: its tail is cut")
                        .isEqualTo(newMaster.getEpochList().get(1).getStartOffset())
                        .isLessThan(tailEnd);
            } finally {
                producer.shutdown();
                admin.shutdown();
            }
        }
    }

    private static void sendAcked(
            DefaultMQProducer producer, String prefix, int count, List<String> acked)
            throws Exception {
        for (int i = 0; i < count; i++) {
            String body = prefix + i;
            SendResult result =
                    producer.send(new Message(TOPIC, body.getBytes(StandardCharsets.UTF_8)));
            if (result.getSendStatus() == SendStatus.SEND_OK) {
                acked.add(body);
            }
        }
    }

    /** Sends until one is acknowledged by the new master (routes and roles settle meanwhile). */
    private static void awaitSendOk(DefaultMQProducer producer, List<String> acked) {
        int[] n = {0};
        io.bolide.testsupport.Await.until(
                ELECTION,
                Duration.ofMillis(100),
                () -> {
                    String body = "probe-" + n[0]++;
                    try {
                        SendResult r =
                                producer.send(
                                        new Message(TOPIC, body.getBytes(StandardCharsets.UTF_8)));
                        if (r.getSendStatus() == SendStatus.SEND_OK) {
                            acked.add(body);
                            return true;
                        }
                    } catch (Exception e) {
                        // no master routed yet
                    }
                    return false;
                },
                "a send acknowledged by the new master");
    }

    private static boolean hasTopic(DefaultMQAdminExt admin, String broker) {
        try {
            return admin.examineTopicConfig(broker, TOPIC) != null;
        } catch (Exception e) {
            return false;
        }
    }

    private static int inSync(DefaultMQAdminExt admin, ControllerGroup group) {
        try {
            BrokerReplicasInfo info =
                    admin.getInSyncStateData(
                            group.controllerAddr(), List.of(ControllerGroup.BROKER_NAME));
            return info.getReplicasInfoTable()
                    .get(ControllerGroup.BROKER_NAME)
                    .getInSyncReplicas()
                    .size();
        } catch (Exception e) {
            return 0;
        }
    }

    private static boolean sameLog(DefaultMQAdminExt admin, String slave, String master) {
        try {
            EpochEntryCache s = admin.getBrokerEpochCache(slave);
            EpochEntryCache m = admin.getBrokerEpochCache(master);
            return s.getMaxOffset() == m.getMaxOffset() && starts(s).equals(starts(m));
        } catch (Exception e) {
            return false;
        }
    }

    private static List<String> starts(EpochEntryCache cache) {
        List<String> out = new ArrayList<>();
        for (EpochEntry e : cache.getEpochList()) {
            out.add(e.getEpoch() + "@" + e.getStartOffset());
        }
        return out;
    }

    private static Set<String> consumeAll(String namesrv, int atLeast) throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = Clients.pushConsumer(namesrv, "ctl-readers");
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (msgs, context) -> {
                            msgs.forEach(
                                    m -> seen.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
        try {
            Clients.await("every acknowledged message consumed", () -> seen.size() >= atLeast);
        } finally {
            consumer.shutdown();
        }
        return seen;
    }
}
