package io.bolide.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.duty.DutyThread;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.sysflag.MessageSysFlag;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A half message sent through the send path, then END_TRANSACTION as the producer sends it: the
 * answer codes and remarks for each outcome, and where a committed message lands.
 */
@ExtendWith(LeakCheck.class)
class EndTransactionHandlerTest {
    private static final String TOPIC = "Tx";
    private static final String GROUP = "txg";

    private EmbeddedBroker broker;
    private DutyThread checks;

    @BeforeEach
    void open() throws IOException {
        broker = EmbeddedBroker.open();
        checks =
                TransactionFeature.install(
                        broker.codes(),
                        broker::config,
                        broker.topics(),
                        broker.store(),
                        new CheckSenders(broker.clients()),
                        broker.offsets(),
                        broker.self(),
                        broker.stats().transactions());
        broker.installSend();
        broker.topics().put(TopicTable.config(TOPIC, 2, Perm.READ | Perm.WRITE));
    }

    @AfterEach
    void close() throws IOException {
        checks.close();
        broker.close();
    }

    /** Sends a half message to TOPIC queue 1; returns the send answer. */
    private SendMessageResponseHeader half() throws Exception {
        SendMessageRequestHeader header = ApacheCalls.sendHeader(TOPIC, 1, "TagT");
        header.setProperties(
                header.getProperties()
                        + MessageConst.PROPERTY_TRANSACTION_PREPARED
                        + "\u0001true\u0002"
                        + MessageConst.PROPERTY_PRODUCER_GROUP
                        + "\u0001"
                        + GROUP
                        + "\u0002");
        header.setSysFlag(MessageSysFlag.TRANSACTION_PREPARED_TYPE);
        RemotingCommand sent =
                broker.call(
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                        new byte[] {7},
                        SerializeType.ROCKETMQ);
        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        return sent.decodeCommandCustomHeader(SendMessageResponseHeader.class);
    }

    private RemotingCommand end(SendMessageResponseHeader half, String group, int outcome)
            throws Exception {
        EndTransactionRequestHeader header = new EndTransactionRequestHeader();
        header.setProducerGroup(group);
        header.setTranStateTableOffset(half.getQueueOffset());
        header.setCommitLogOffset(MessageDecoder.decodeMessageId(half.getMsgId()).getOffset());
        header.setCommitOrRollback(outcome);
        header.setFromTransactionCheck(false);
        header.setMsgId(half.getMsgId());
        header.setTransactionId(half.getTransactionId());
        return broker.call(RequestCode.END_TRANSACTION, header, null, SerializeType.JSON);
    }

    @Test
    void shouldKeepAHalfMessageOutOfItsQueueUntilCommitThenDeliverIt() throws Exception {
        SendMessageResponseHeader half = half();
        assertThat(half.getQueueId()).isEqualTo(1);
        Await.until(() -> broker.store().maxOffset("RMQ_SYS_TRANS_HALF_TOPIC", 0) == 1, "half");
        assertThat(broker.store().maxOffset(TOPIC, 1)).isZero();

        RemotingCommand response = end(half, GROUP, MessageSysFlag.TRANSACTION_COMMIT_TYPE);

        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        Await.until(() -> broker.store().maxOffset(TOPIC, 1) == 1, "committed message");
    }

    @Test
    void shouldAnswerSuccessForRollbackAndDeliverNothing() throws Exception {
        SendMessageResponseHeader half = half();

        RemotingCommand response = end(half, GROUP, MessageSysFlag.TRANSACTION_ROLLBACK_TYPE);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        Await.until(() -> broker.store().maxOffset("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0) == 1, "op");
        assertThat(broker.store().maxOffset(TOPIC, 1)).isZero();
    }

    @Test
    void shouldRefuseAnOutcomeFromAnotherProducerGroup() throws Exception {
        SendMessageResponseHeader half = half();

        RemotingCommand response = end(half, "intruder", MessageSysFlag.TRANSACTION_COMMIT_TYPE);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.getRemark()).isEqualTo("The producer group wrong");
        assertThat(broker.store().maxOffset(TOPIC, 1)).isZero();
    }

    @Test
    void shouldRefuseAnOutcomeForAnOffsetWithoutHalfMessage() throws Exception {
        SendMessageResponseHeader plain =
                broker.call(
                                RequestCode.SEND_MESSAGE,
                                ApacheCalls.sendHeader(TOPIC, 0, "T"),
                                new byte[] {1},
                                SerializeType.JSON)
                        .decodeCommandCustomHeader(SendMessageResponseHeader.class);

        RemotingCommand response = end(plain, GROUP, MessageSysFlag.TRANSACTION_COMMIT_TYPE);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.getRemark()).isEqualTo("Find prepared transaction message failed");
    }

    @Test
    void halfMessagesCommitsAndRollbacksAreCountedByRealTopic() throws Exception {
        TransactionStats stats = broker.stats().transactions();
        SendMessageResponseHeader committed = half();
        SendMessageResponseHeader rolledBack = half();
        assertThat(stats.half().get(TOPIC)).isEqualTo(2);

        assertThat(end(committed, GROUP, MessageSysFlag.TRANSACTION_COMMIT_TYPE).getCode())
                .isEqualTo(ResponseCode.SUCCESS);
        assertThat(end(rolledBack, GROUP, MessageSysFlag.TRANSACTION_ROLLBACK_TYPE).getCode())
                .isEqualTo(ResponseCode.SUCCESS);
        // A refused outcome settles nothing and counts nothing.
        end(committed, "intruder", MessageSysFlag.TRANSACTION_COMMIT_TYPE);

        assertThat(stats.half().get(TOPIC)).isZero();
        assertThat(stats.commits().get(TOPIC)).isEqualTo(1);
        assertThat(stats.rollbacks().get(TOPIC)).isEqualTo(1);
        long[] finished = {0};
        stats.forEachFinish((topic, buckets) -> finished[0] += buckets.counts()[0]);
        assertThat(finished[0]).as("committed within 5 s").isEqualTo(1);
    }
}
