package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.FlushDiskType;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** SYNC_FLUSH sends are answered after their flush; the lite pull code serves the same reads. */
@ExtendWith(LeakCheck.class)
class BrokerSyncFlushTest {
    @TempDir Path dir;

    @Test
    void shouldAnswerSyncFlushSendsAndServeLitePulls() throws Exception {
        Broker broker =
                Broker.start(
                        TestBrokers.config(dir).flushDiskType(FlushDiskType.SYNC_FLUSH).build());
        try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
            for (int i = 0; i < 5; i++) {
                RemotingCommand sent = apache.sendV2("Synced", 0, "T", "m" + i);
                assertThat(sent.getCode()).as(sent.getRemark()).isZero();
                assertThat(sent.getExtFields()).containsEntry("queueOffset", Integer.toString(i));
            }
            apache.awaitDispatched("Synced", 0, 5);
            PullMessageRequestHeader header =
                    ApacheCalls.pullHeader("lite", "Synced", 0, 2, "*", 1000);
            header.setSysFlag(PullSysFlag.buildSysFlag(false, true, true, false, true));
            header.setMaxMsgNums(2);
            RemotingCommand pulled = apache.call(RequestCode.LITE_PULL_MESSAGE, header, null);
            assertThat(pulled.getCode()).isZero();
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getQueueOffset)
                    .containsExactly(2L, 3L);
            assertThat(pulled.getExtFields()).containsEntry("nextBeginOffset", "4");
        } finally {
            broker.close();
        }
    }
}
