package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * GET_BROKER_HA_STATUS (907) through the official {@code mqadmin haStatus} against a replicating
 * master and slave: the master lists its slave in sync with no lag once it caught up, the slave
 * names the master it follows and its log end; the decoded body carries the same figures, and a
 * request with stray header fields is answered just the same.
 */
@SuppressWarnings(
        "deprecation") // getDefaultMQProducerImpl: the raw remoting client for one request
class HaStatusTest {
    private static final String TOPIC = "HaStatusTopic";

    @Test
    void shouldReportTheSlaveOnTheMasterAndTheMasterOnTheSlave() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            Broker master = cluster.broker("ha-master", "broker-ha", b -> {});
            Broker slave =
                    cluster.broker(
                            "ha-slave",
                            "broker-ha",
                            b -> b.set("brokerRole", "SLAVE").set("brokerId", "1"));
            DefaultMQProducer producer =
                    Clients.startedProducer(cluster.namesrvAddr(), "ha-status-producer");
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(cluster.namesrvAddr());
            try {
                for (int i = 0; i < 10; i++) {
                    producer.send(message(TOPIC, "TagA", "h" + i));
                }
                Clients.await(
                        "the slave acknowledges the master's whole log",
                        () -> caughtUp(admin, master.address()));
                HARuntimeInfo info = admin.getBrokerHAStatus(master.address());
                assertThat(info.isMaster()).isTrue();
                assertThat(info.getInSyncSlaveNums()).isEqualTo(1);
                HARuntimeInfo.HAConnectionRuntimeInfo link = info.getHaConnectionInfo().get(0);
                assertThat(link.getAddr()).startsWith(Cluster.HOST + ":");
                assertThat(link.getSlaveAckOffset()).isEqualTo(info.getMasterCommitLogMaxOffset());
                assertThat(link.getTransferFromWhere()).isEqualTo(link.getSlaveAckOffset());

                MqAdmin mqadmin = new MqAdmin(cluster.namesrvAddr());
                String onMaster = mqadmin.run("haStatus", "-b", master.address());
                assertThat(onMaster)
                        .contains("#SlaveNum\t1")
                        .contains("#InSyncSlaveNum\t1")
                        .contains("OK")
                        .contains(
                                "#MasterCommitLogMaxOffset\t" + info.getMasterCommitLogMaxOffset());
                String onSlave = mqadmin.run("haStatus", "-b", slave.address());
                assertThat(onSlave)
                        .contains("#MasterAddr\t" + Cluster.HOST + ":" + master.haPort())
                        .contains("#CommitLogMaxOffset\t" + info.getMasterCommitLogMaxOffset());
                HARuntimeInfo slaveInfo = admin.getBrokerHAStatus(slave.address());
                assertThat(slaveInfo.isMaster()).isFalse();
                assertThat(slaveInfo.getHaClientRuntimeInfo().getLastReadTimestamp()).isPositive();

                RemotingCommand stray =
                        RemotingCommand.createRequestCommand(
                                RequestCode.GET_BROKER_HA_STATUS, null);
                stray.addExtField("unexpected", "\u0000{");
                RemotingCommand answer =
                        producer.getDefaultMQProducerImpl()
                                .getMqClientFactory()
                                .getMQClientAPIImpl()
                                .getRemotingClient()
                                .invokeSync(master.address(), stray, 3_000);
                assertThat(answer.getCode()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(admin.getBrokerHAStatus(master.address()).isMaster()).isTrue();
            } finally {
                admin.shutdown();
                producer.shutdown();
            }
        }
    }

    private static boolean caughtUp(DefaultMQAdminExt admin, String master) {
        try {
            HARuntimeInfo info = admin.getBrokerHAStatus(master);
            return info.getHaConnectionInfo().size() == 1
                    && info.getHaConnectionInfo().get(0).getSlaveAckOffset()
                            == info.getMasterCommitLogMaxOffset()
                    && info.getMasterCommitLogMaxOffset() > 0;
        } catch (Exception e) {
            return false;
        }
    }
}
