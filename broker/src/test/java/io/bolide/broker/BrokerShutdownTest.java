package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What consumers hear while the broker shuts down. A held pull answered "nothing new" makes the
 * official push consumer pull again at once, into the connection being closed; when that pull is
 * lost in the close the client may wait its whole 30 s pull timeout before pulling that queue again
 * (seen as a system test stalling after a broker restart on a loaded host). Answered with an error,
 * the consumer backs off and comes back to the restarted broker.
 */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
class BrokerShutdownTest {
    @TempDir Path dir;

    @Test
    void shouldAnswerHeldPullsServiceNotAvailableWhenClosing() throws Exception {
        Broker broker = Broker.start(TestBrokers.config(dir).build());
        try (ApacheCalls apache = new ApacheCalls(broker.address(), SerializeType.ROCKETMQ)) {
            assertThat(apache.sendV2("Closing", 0, "T", "first").getCode()).isZero();
            apache.awaitDispatched("Closing", 0, 1);
            CompletableFuture<RemotingCommand> held =
                    CompletableFuture.supplyAsync(() -> pullQuietly(apache, "Closing", 1, 20_000));
            Await.until(
                    Duration.ofSeconds(10), () -> TestBrokers.heldPulls(broker) > 0, "pull held");

            broker.close();

            RemotingCommand answer = held.get(10, TimeUnit.SECONDS);
            assertThat(answer.getCode()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(answer.getRemark()).contains("shutting down");
        }
    }

    private static RemotingCommand pullQuietly(
            ApacheCalls apache, String topic, long offset, long hold) {
        try {
            return apache.pull(topic, 0, offset, "*", hold);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
