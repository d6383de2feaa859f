package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/**
 * Sends to a broker with tiered storage (#36) as a client does: one answered {@link
 * ResponseCode#SERVICE_NOT_AVAILABLE} (14: the local budget is full while the object store is not
 * reachable) is sent again until accepted. A round of the offloader can fail on a loaded host (moto
 * answering late) while the sender is ahead of the uploads; the refusal is then the broker doing
 * its job, not a failure of the test. Any other answer but success fails.
 */
final class TieredSends {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private TieredSends() {}

    /** SEND_MESSAGE_V2 of {@code body} to queue {@code queueId}; the accepted answer. */
    static RemotingCommand send(ApacheCalls apache, String topic, int queueId, String body) {
        AtomicReference<RemotingCommand> answered = new AtomicReference<>();
        Await.until(
                PATIENCE,
                Duration.ofMillis(20),
                () -> {
                    RemotingCommand response;
                    try {
                        response = apache.sendV2(topic, queueId, "T", body);
                    } catch (Exception e) {
                        throw new AssertionError("send failed", e);
                    }
                    if (response.getCode() == ResponseCode.SERVICE_NOT_AVAILABLE) {
                        return false;
                    }
                    answered.set(response);
                    return true;
                },
                "a send the tier's budget lets in");
        RemotingCommand response = answered.get();
        assertThat(response.getCode()).as(response.getRemark()).isZero();
        return response;
    }
}
