package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerRole;
import io.bolide.remoting.RemotingServer;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.DataOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.MessageSysFlag;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Two Bolide brokers, a master and its slave, over the classic HA link (docs/replication.md). */
@ExtendWith(LeakCheck.class)
class BrokerReplicationTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir Path masterDir;
    @TempDir Path slaveDir;

    private static BrokerConfig.Builder master(Path dir, BrokerRole role) {
        return TestBrokers.config(dir)
                .set("brokerRole", role.name())
                .set("mapedFileSizeCommitLog", Integer.toString(64 * 1024));
    }

    private static Broker slaveOf(Path dir, Broker master) throws Exception {
        return Broker.start(
                TestBrokers.config(dir)
                        .set("brokerRole", "SLAVE")
                        .set("brokerId", "1")
                        .set("mapedFileSizeCommitLog", Integer.toString(64 * 1024))
                        .set("slaveReadEnable", "true")
                        .set("haMasterAddress", "127.0.0.1:" + master.haPort())
                        .build());
    }

    @Test
    void shouldReplicateEveryByteAcrossSegmentsAndServeItFromTheSlave() throws Exception {
        Broker master = Broker.start(master(masterDir, BrokerRole.ASYNC_MASTER).build());
        Broker slave = null;
        try (ApacheCalls toMaster = new ApacheCalls(master.address(), SerializeType.ROCKETMQ)) {
            for (int i = 0; i < 200; i++) {
                String body = "m" + i + "-".repeat(500);
                assertThat(toMaster.sendV2("Replicated", i % 2, "Tag" + i, body).getCode())
                        .isZero();
            }
            slave = slaveOf(slaveDir, master);
            Broker s = slave;
            Await.until(WAIT, () -> s.haClient().connected(), "the slave's link");
            for (int i = 200; i < 300; i++) {
                toMaster.sendV2("Replicated", i % 2, "Tag" + i, "late" + i);
            }
            long end = master.replication().commitLogEnd();
            assertThat(end).isGreaterThan(2 * 64 * 1024);
            Await.until(WAIT, () -> s.replication().commitLogEnd() == end, "the slave's copy");
            Await.until(
                    WAIT,
                    () -> master.replication().maxAckedOffset() == end,
                    "the slave's acknowledgement");
            try (ApacheCalls fromSlave = new ApacheCalls(slave.address(), SerializeType.JSON)) {
                // Topic metadata does not follow the master yet (issue #14's metadata sync).
                createTopic(fromSlave, "Replicated");
                fromSlave.awaitDispatched("Replicated", 1, 150);
                // An empty slave starts at the master's last segment, as the reference's does.
                long first = fromSlave.maxOffset("Replicated", 1) - 10;
                List<MessageExt> fromMaster = pulled(toMaster, first);
                List<MessageExt> copies = pulled(fromSlave, first);
                assertThat(copies).hasSize(fromMaster.size()).isNotEmpty();
                for (int i = 0; i < copies.size(); i++) {
                    MessageExt a = fromMaster.get(i);
                    MessageExt b = copies.get(i);
                    assertThat(b.getBody()).isEqualTo(a.getBody());
                    assertThat(b.getProperties()).isEqualTo(a.getProperties());
                    assertThat(b.getQueueOffset()).isEqualTo(a.getQueueOffset());
                    assertThat(b.getCommitLogOffset()).isEqualTo(a.getCommitLogOffset());
                    assertThat(b.getMsgId()).isEqualTo(a.getMsgId());
                }
                assertThat(new String(copies.get(copies.size() - 1).getBody(), UTF))
                        .isEqualTo("late299");
            }
        } finally {
            if (slave != null) {
                slave.close();
            }
            master.close();
        }
    }

    private static final java.nio.charset.Charset UTF = StandardCharsets.UTF_8;

    static void createTopic(ApacheCalls calls, String topic) throws Exception {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(4);
        header.setWriteQueueNums(4);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        RemotingCommand answer = calls.call(RequestCode.UPDATE_AND_CREATE_TOPIC, header, null);
        assertThat(answer.getCode()).as(answer.getRemark()).isZero();
    }

    private static List<MessageExt> pulled(ApacheCalls calls, long from) throws Exception {
        RemotingCommand response = calls.pull("Replicated", 1, from, "*", 0);
        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        return ApacheCalls.decode(response);
    }

    @Test
    void shouldRefuseWritesOnASlaveWithTheReferenceAnswers() throws Exception {
        Broker master = Broker.start(master(masterDir, BrokerRole.ASYNC_MASTER).build());
        Broker slave = slaveOf(slaveDir, master);
        try (ApacheCalls toSlave = new ApacheCalls(slave.address(), SerializeType.ROCKETMQ)) {
            // The reference's send processor rejects every request on a slave, send-backs too.
            List<RemotingCommand> rejected =
                    List.of(
                            toSlave.sendV2("Refused", 0, "T", "x"),
                            toSlave.sendV1("Refused", 0, "T", new byte[] {1}),
                            toSlave.call(RequestCode.SEND_BATCH_MESSAGE, null, new byte[] {1}),
                            toSlave.call(RequestCode.CONSUMER_SEND_MSG_BACK, sendBack(), null));
            for (RemotingCommand answer : rejected) {
                assertThat(answer.getCode()).isEqualTo(ResponseCode.SYSTEM_BUSY);
                assertThat(answer.getRemark())
                        .isEqualTo("[REJECTREQUEST]system busy, start flow control for a while");
            }
            RemotingCommand end = toSlave.call(RequestCode.END_TRANSACTION, endCommit(), null);
            assertThat(end.getCode()).isEqualTo(ResponseCode.SLAVE_NOT_AVAILABLE);
            assertThat(end.getRemark()).isNull();
            assertThat(slave.replication().commitLogEnd()).isZero();
        } finally {
            slave.close();
            master.close();
        }
    }

    private static ConsumerSendMsgBackRequestHeader sendBack() {
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        header.setOffset(0L);
        header.setGroup("g");
        header.setDelayLevel(0);
        return header;
    }

    private static EndTransactionRequestHeader endCommit() {
        EndTransactionRequestHeader header = new EndTransactionRequestHeader();
        header.setProducerGroup("pg");
        header.setTranStateTableOffset(0L);
        header.setCommitLogOffset(0L);
        header.setCommitOrRollback(MessageSysFlag.TRANSACTION_COMMIT_TYPE);
        header.setFromTransactionCheck(false);
        return header;
    }

    @Test
    void shouldAnswerSyncMasterSendsByTheSlavesAcknowledgement() throws Exception {
        Broker master =
                Broker.start(
                        master(masterDir, BrokerRole.SYNC_MASTER)
                                .set("syncFlushTimeout", "300")
                                .build());
        RemotingServer routes = OfficialClientSmokeTest.routes(master);
        DefaultMQProducer producer = new DefaultMQProducer("ha-pg");
        producer.setNamesrvAddr("127.0.0.1:" + routes.port());
        producer.setSendMsgTimeout(5_000);
        Broker slave = null;
        try {
            producer.start();
            Message message = new Message("TBW102", "T", "x".getBytes(UTF));
            message.setTopic("Synced");
            // No slave: stored, answered at once as SLAVE_NOT_AVAILABLE with its ids.
            SendResult alone = producer.send(message);
            assertThat(alone.getSendStatus()).isEqualTo(SendStatus.SLAVE_NOT_AVAILABLE);
            assertThat(alone.getMsgId()).isNotNull();
            assertThat(alone.getQueueOffset()).isZero();
            // A sender that does not wait (WAIT=false) is answered as stored, as the reference
            // does.
            Message noWait = new Message("Synced", "T", "y".getBytes(UTF));
            noWait.setWaitStoreMsgOK(false);
            assertThat(producer.send(noWait).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            // A slave that connects but never acknowledges: FLUSH_SLAVE_TIMEOUT.
            try (Socket silent = new Socket("127.0.0.1", master.haPort())) {
                new DataOutputStream(silent.getOutputStream()).writeLong(1);
                Await.until(
                        WAIT, () -> master.replication().slaves().size() == 1, "the silent slave");
                SendResult timedOut = producer.send(message);
                assertThat(timedOut.getSendStatus()).isEqualTo(SendStatus.FLUSH_SLAVE_TIMEOUT);
                assertThat(timedOut.getMsgId()).isNotNull();
                // The silent slave never acknowledges: SEND_OK means nobody waited for it.
                assertThat(producer.send(noWait).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
            Await.until(WAIT, () -> master.replication().slaves().isEmpty(), "its departure");
            slave = slaveOf(slaveDir, master);
            Broker s = slave;
            Await.until(WAIT, () -> master.replication().slaves().size() == 1, "the slave");
            for (int i = 0; i < 20; i++) {
                SendResult ok = producer.send(message);
                assertThat(ok.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                long needed = master.replication().commitLogEnd();
                assertThat(s.replication().commitLogEnd()).isGreaterThanOrEqualTo(needed - 4096);
            }
        } finally {
            producer.shutdown();
            routes.shutdown(Duration.ofMillis(500));
            if (slave != null) {
                slave.close();
            }
            master.close();
        }
    }

    static {
        // Referenced so the JSON codec class loads before the client's threads race for it.
        RemotingSerializable.class.getName();
    }
}
