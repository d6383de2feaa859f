package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static io.bolide.systest.Messages.seqs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.broker.Broker;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * One group, a master and a slave, under two name servers, driven by the official 5.4.0 client.
 * Before commit-log replication the slave starts on a copy of the master's store, so it holds the
 * master's messages: the test is about routing, registration answers, metadata following the
 * master, and consumers moving to the slave when the master goes.
 */
@ClientVersionDependent
class MasterSlaveGroupTest {
    private static final String TOPIC = "GroupTopic";

    @Test
    void shouldRouteBothMembersAndKeepConsumersOnTheSlaveWhenTheMasterGoes() throws Exception {
        try (Cluster cluster = new Cluster(2)) {
            Broker master = cluster.broker("master", "broker-a", b -> {});
            List<String> sent = seqs("m-", 20);
            DefaultMQProducer producer =
                    Clients.startedProducer(cluster.namesrvAddr(), "group-producer");
            try {
                for (String seq : sent) {
                    producer.send(message(TOPIC, "TagA", seq));
                }
            } finally {
                producer.shutdown();
            }
            cluster.stop(master);
            cluster.copyStore("master", "slave");
            master = cluster.broker("master", "broker-a", b -> {});
            DefaultMQAdminExt admin = admin(cluster.namesrvAddr());
            try {
                SubscriptionGroupConfig group = new SubscriptionGroupConfig();
                group.setGroupName("slave-readers");
                group.setWhichBrokerWhenConsumeSlowly(1);
                admin.createAndUpdateSubscriptionGroupConfig(master.address(), group);
                Broker slave =
                        cluster.broker(
                                "slave",
                                "broker-a",
                                b ->
                                        b.set("brokerRole", "SLAVE")
                                                .set("brokerId", "1")
                                                .set("slaveReadEnable", "true"));
                for (int i = 0; i < 2; i++) {
                    TopicRouteData route = routeAt(cluster.nameServer(i), TOPIC);
                    assertThat(route.getBrokerDatas().get(0).getBrokerAddrs())
                            .isEqualTo(Map.of(0L, master.address(), 1L, slave.address()));
                }
                Clients.await(
                        "the slave copies the master's groups",
                        () -> hasGroup(admin, slave.address(), "slave-readers"));

                cluster.stop(master);
                Clients.await(
                        "only the slave is routed",
                        () ->
                                routeAt(cluster.nameServer(1), TOPIC)
                                        .getBrokerDatas()
                                        .get(0)
                                        .getBrokerAddrs()
                                        .equals(Map.of(1L, slave.address())));
                cluster.stopNameServer(0);
                assertProducersFindNoMaster(cluster);
                Inbox inbox = new Inbox();
                DefaultMQPushConsumer consumer = consumer(cluster, inbox);
                try {
                    inbox.awaitSeqs(sent);
                    // The master returns: the running consumer moves back to it, and its
                    // offsets, committed to the slave meanwhile, are not rolled back.
                    master = cluster.broker("master", "broker-a", b -> {});
                    DefaultMQProducer again =
                            Clients.startedProducer(cluster.namesrvAddr(), "group-producer-2");
                    try {
                        Clients.awaitRoute(again, TOPIC);
                        again.send(message(TOPIC, "TagA", "after-return"));
                    } finally {
                        again.shutdown();
                    }
                    inbox.awaitSeq("after-return");
                    assertThat(inbox.deliveredSeqs()).doesNotHaveDuplicates();
                } finally {
                    consumer.shutdown(); // commits to the master, which is back
                }
                assertRestartedConsumerResumes(cluster);
            } finally {
                admin.shutdown();
            }
        }
    }

    private static DefaultMQPushConsumer consumer(Cluster cluster, Inbox inbox) throws Exception {
        DefaultMQPushConsumer consumer =
                Clients.pushConsumer(cluster.namesrvAddr(), "slave-readers");
        consumer.setPollNameServerInterval(1000);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(inbox);
        consumer.start();
        return consumer;
    }

    /** A new consumer of the group starts where the last one stopped: nothing is read again. */
    private static void assertRestartedConsumerResumes(Cluster cluster) throws Exception {
        Inbox inbox = new Inbox();
        DefaultMQPushConsumer consumer = consumer(cluster, inbox);
        DefaultMQProducer producer =
                Clients.startedProducer(cluster.namesrvAddr(), "group-producer-3");
        try {
            producer.send(message(TOPIC, "TagA", "final"));
            inbox.awaitSeq("final");
            assertThat(inbox.deliveredSeqs()).containsExactly("final");
        } finally {
            producer.shutdown();
            consumer.shutdown();
        }
    }

    /** The client builds producer queues only from groups with a master. */
    private static void assertProducersFindNoMaster(Cluster cluster) throws Exception {
        DefaultMQProducer producer =
                Clients.startedProducer(cluster.namesrvAddr(), "masterless-producer");
        try {
            assertThatThrownBy(() -> producer.send(message(TOPIC, "TagA", "lost")))
                    .isInstanceOf(MQClientException.class);
        } finally {
            producer.shutdown();
        }
    }

    static DefaultMQAdminExt admin(String namesrvAddr) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(namesrvAddr);
        admin.setInstanceName("cluster-admin-" + ProcessHandle.current().pid() + "-" + namesrvAddr);
        admin.setVipChannelEnabled(false);
        admin.start();
        return admin;
    }

    /** The route as one name server alone answers it. */
    static TopicRouteData routeAt(io.bolide.namesrv.NameServer nameServer, String topic) {
        DefaultMQAdminExt admin;
        try {
            admin = admin(Cluster.address(nameServer));
        } catch (MQClientException e) {
            throw new AssertionError(e);
        }
        try {
            return admin.examineTopicRouteInfo(topic);
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            admin.shutdown();
        }
    }

    private static boolean hasGroup(DefaultMQAdminExt admin, String broker, String group) {
        try {
            return admin.examineSubscriptionGroupConfig(broker, group) != null;
        } catch (Exception e) {
            return false;
        }
    }
}
