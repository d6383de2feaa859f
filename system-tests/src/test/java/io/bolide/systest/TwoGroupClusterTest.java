package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static io.bolide.systest.Messages.seqs;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * Two broker groups of one cluster under two name servers, with the official 5.4.0 client: sends
 * spread over both groups, keep succeeding when one group goes (latency fault tolerance and
 * retries) and when a name server goes; one consumer keeps consuming throughout.
 */
@ClientVersionDependent
class TwoGroupClusterTest {
    private static final String TOPIC = "ClusterTopic";

    @Test
    void shouldSpreadSendsAndKeepSendingAndConsumingWhenAGroupAndANameServerGo() throws Exception {
        try (Cluster cluster = new Cluster(2)) {
            Broker a = cluster.broker("a", "broker-a", b -> {});
            Broker b = cluster.broker("b", "broker-b", c -> {});
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(cluster.namesrvAddr());
            try {
                for (Broker broker : List.of(a, b)) {
                    admin.createAndUpdateTopicConfig(
                            broker.address(), new TopicConfig(TOPIC, 4, 4, 6));
                }
            } finally {
                admin.shutdown();
            }
            DefaultMQProducer producer = Clients.producer(cluster.namesrvAddr(), "cluster-pg");
            producer.setSendLatencyFaultEnable(true);
            producer.setPollNameServerInterval(1000);
            producer.start();
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer =
                    Clients.pushConsumer(cluster.namesrvAddr(), "cluster-cg");
            consumer.setPollNameServerInterval(1000);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            try {
                Clients.await(
                        "both groups routed",
                        () -> routedGroups(producer).equals(Set.of("broker-a", "broker-b")));
                Set<String> used = new HashSet<>();
                List<String> first = seqs("both-", 16);
                for (String seq : first) {
                    used.add(sendOk(producer, seq).getMessageQueue().getBrokerName());
                }
                assertThat(used).containsExactlyInAnyOrder("broker-a", "broker-b");
                inbox.awaitSeqs(first);

                cluster.stop(b);
                List<String> afterGroup = seqs("one-group-", 16);
                for (String seq : afterGroup) {
                    assertThat(sendOk(producer, seq).getMessageQueue().getBrokerName())
                            .isEqualTo("broker-a");
                }
                inbox.awaitSeqs(afterGroup);

                cluster.stopNameServer(0);
                List<String> afterNameServer = seqs("one-namesrv-", 8);
                for (String seq : afterNameServer) {
                    sendOk(producer, seq);
                }
                inbox.awaitSeqs(afterNameServer);
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
        }
    }

    private static SendResult sendOk(DefaultMQProducer producer, String seq) throws Exception {
        SendResult result = producer.send(message(TOPIC, "TagA", seq));
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }

    private static Set<String> routedGroups(DefaultMQProducer producer) {
        Set<String> names = new HashSet<>();
        try {
            producer.fetchPublishMessageQueues(TOPIC).forEach(q -> names.add(q.getBrokerName()));
        } catch (Exception e) {
            return Set.of();
        }
        return names;
    }
}
