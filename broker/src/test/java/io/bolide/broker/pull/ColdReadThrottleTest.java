package io.bolide.broker.pull;

import static io.bolide.broker.pull.PullFixture.GROUP;
import static io.bolide.broker.pull.PullFixture.pull;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.cold.ColdReads;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cold-read flow control on the pull path: with accessMessageInMemoryHotRatio 0 every read of a
 * record already followed by others is cold, so a group's first pull counts its bytes and, once
 * over the threshold, its next pull of cold data is slowed down: a pull consumer gets one record
 * per pull, a push consumer SYSTEM_BUSY. A new window, the group's own threshold or a system group
 * lifts it.
 */
@ExtendWith(LeakCheck.class)
class ColdReadThrottleTest {
    private static final int SUBSCRIPTION = PullMessageHandler.FLAG_SUBSCRIPTION;

    @TempDir Path dir;
    private PullFixture broker;

    @AfterEach
    void close() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private PullFixture open(boolean enabled) throws Exception {
        return open(enabled, 100L << 20);
    }

    private PullFixture open(boolean enabled, long global) throws Exception {
        BrokerConfig config =
                BrokerConfig.builder()
                        .set("coldDataFlowControlEnable", String.valueOf(enabled))
                        .set("accessMessageInMemoryHotRatio", "0")
                        .set("cgColdReadThreshold", "1")
                        .set("globalColdReadThreshold", String.valueOf(global))
                        .build();
        broker = new PullFixture(dir.resolve(enabled + "-" + global), config);
        for (int i = 0; i < 4; i++) {
            broker.put(0, "m" + i);
        }
        return broker;
    }

    private static Map<String, String> as(String group) {
        Map<String, String> fields = new LinkedHashMap<>(pull(0, 0, SUBSCRIPTION));
        fields.put("consumerGroup", group);
        return fields;
    }

    @SuppressWarnings("unchecked")
    private long coldBytes(String group) {
        Map<String, Object> runtime = (Map<String, Object>) broker.cold.info().get("runtimeTable");
        Map<String, Object> entry = (Map<String, Object>) runtime.get(group);
        return entry == null ? 0 : (Long) entry.get("coldAcc");
    }

    @Test
    void shouldServeAPullConsumerOverItsThresholdOneRecordPerPull() throws Exception {
        open(true);

        Reply first = broker.call(pull(0, 0, SUBSCRIPTION));
        Reply second = broker.call(pull(0, 0, SUBSCRIPTION));

        assertThat(first.records()).hasSize(4);
        assertThat(coldBytes(GROUP)).isPositive();
        assertThat(second.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(second.records()).containsExactly("0:m0");
        assertThat(second.longField("nextBeginOffset")).isEqualTo(1);
    }

    @Test
    void shouldAnswerAPushConsumerOverItsThresholdSystemBusy() throws Exception {
        open(true).heartbeat("*", 0);
        broker.call(pull(0, 0, 0));

        Reply throttled = broker.call(pull(0, 0, 0));

        assertThat(throttled.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(throttled.remark()).isEqualTo(ColdReads.THROTTLED);
    }

    @Test
    void shouldLiftTheThrottleInTheNextWindow() throws Exception {
        open(true);
        broker.call(pull(0, 0, SUBSCRIPTION));

        broker.clock.advance(Duration.ofMillis(ColdReads.WINDOW_MS));

        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).records()).hasSize(4);
    }

    @Test
    void shouldApplyTheGroupsOwnThresholdUntilItIsRemoved() throws Exception {
        open(true);
        broker.cold.configure(GROUP, 1L << 20);
        broker.call(pull(0, 0, SUBSCRIPTION));

        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).records()).hasSize(4);

        broker.cold.remove(GROUP);
        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).records()).hasSize(1);
    }

    @Test
    void shouldThrottleEveryGroupOverTheGlobalThreshold() throws Exception {
        open(true, 100);
        broker.cold.configure(GROUP, 1L << 20);
        broker.cold.configure("other", 1L << 20);
        broker.call(pull(0, 0, SUBSCRIPTION));
        broker.call(as("other"));

        // Within its own threshold, but all groups together are over the global one (a group
        // that never read cold data is not slowed down, as in the reference).
        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).records()).hasSize(1);
    }

    @Test
    void shouldNeitherCountNorThrottleASystemGroupOrWhenOff() throws Exception {
        open(true);
        broker.call(as("TOOLS_CONSUMER"));
        assertThat(broker.call(as("TOOLS_CONSUMER")).records()).hasSize(4);
        assertThat(coldBytes("TOOLS_CONSUMER")).isZero();
        broker.close();

        open(false);
        broker.call(pull(0, 0, SUBSCRIPTION));
        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).records()).hasSize(4);
        assertThat(coldBytes(GROUP)).isZero();
    }
}
