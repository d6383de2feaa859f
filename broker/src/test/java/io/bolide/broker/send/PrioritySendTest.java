package io.bolide.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.MessageProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The queue the broker gives a priority message (RIP-80). */
class PrioritySendTest {
    private static String props(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return MessageProperties.toText(map);
    }

    @Test
    void shouldPutAPriorityIntoTheQueueOfThatNumber() {
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "2"), 7, 8)).isEqualTo(2);
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "0"), 7, 8)).isZero();
    }

    @Test
    void shouldPutAPriorityAboveTheLastQueueIntoTheLastQueue() {
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "100"), 1, 4)).isEqualTo(3);
    }

    @Test
    void shouldKeepTheChosenQueueWithoutAUsablePriority() {
        assertThat(PrioritySend.queue(props("KEYS", "k"), 5, 8)).isEqualTo(5);
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "-1"), 5, 8)).isEqualTo(5);
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "high"), 5, 8)).isEqualTo(5);
        assertThat(PrioritySend.queue(null, 5, 8)).isEqualTo(5);
    }

    @Test
    void shouldIgnoreThePriorityOfTransactionalDelayedAndFifoMessages() {
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "1", "TRAN_MSG", "true"), 5, 8))
                .isEqualTo(5);
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "1", "DELAY", "3"), 5, 8))
                .isEqualTo(5);
        assertThat(
                        PrioritySend.queue(
                                props("_SYS_MSG_PRIORITY_", "1", "TIMER_DELIVER_MS", "9"), 5, 8))
                .isEqualTo(5);
        assertThat(PrioritySend.queue(props("_SYS_MSG_PRIORITY_", "1", "__SHARDINGKEY", "s"), 5, 8))
                .isEqualTo(5);
    }
}
