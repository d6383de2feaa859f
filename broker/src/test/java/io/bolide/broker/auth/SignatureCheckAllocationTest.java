package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import java.lang.management.ManagementFactory;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;

/**
 * The signature check allocates nothing per request once warm (docs/architecture.md rule 6): the
 * ext fields (escaped JSON values included) are copied into per-thread arrays, the HMAC runs on a
 * per-thread digest with each user's key blocks computed once, the digest is encoded into a reused
 * array. Measured with the JVM's per-thread allocation counter.
 */
class SignatureCheckAllocationTest {
    @Test
    void shouldNotAllocatePerCheckOnceWarm() {
        SendMessageRequestHeader v1 = new SendMessageRequestHeader();
        v1.setProducerGroup("pg");
        v1.setTopic("orders");
        v1.setDefaultTopic("TBW102");
        v1.setDefaultTopicQueueNums(4);
        v1.setQueueId(1);
        v1.setSysFlag(0);
        v1.setBornTimestamp(1_700_000_000_000L);
        v1.setFlag(0);
        v1.setProperties("KEYS\u0001k1\u0002UNIQ_KEY\u0001ABC");
        v1.setReconsumeTimes(0);
        byte[] body = new byte[1024];
        var signed =
                Signed.request(
                        310,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(v1),
                        body,
                        SignatureCheckTest.ALICE);
        for (SerializeType type : SerializeType.values()) {
            RemotingCommand request = Signed.decoded(signed, type, true);
            try {
                assertThat(bytesPerCheck(request))
                        .as("bytes allocated per check, " + type)
                        .isLessThan(8);
            } finally {
                request.release();
            }
        }
    }

    private static double bytesPerCheck(RemotingCommand request) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        SigningScratch scratch = SigningScratch.get();
        for (int i = 0; i < 20_000; i++) {
            assertThat(SignatureCheck.authenticate(request, SignatureCheckTest.USERS, scratch))
                    .isNotNull();
        }
        int rounds = 20_000;
        long before = threads.getThreadAllocatedBytes(id);
        int ok = 0;
        for (int i = 0; i < rounds; i++) {
            if (SignatureCheck.authenticate(request, SignatureCheckTest.USERS, scratch) != null) {
                ok++;
            }
        }
        long after = threads.getThreadAllocatedBytes(id);
        assertThat(ok).isEqualTo(rounds);
        return (after - before) / (double) rounds;
    }
}
