package io.bolide.broker.delay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.rocketmq.common.producer.RecallMessageHandle;
import org.junit.jupiter.api.Test;

/** The recall handle against the reference's own encoder and decoder (Apache's common jar). */
class RecallHandleTest {
    @Test
    void shouldEncodeAsTheReferenceDoesWithTheDueTimePlusOne() throws Exception {
        String ours = RecallHandle.of("Orders", "broker-a", 1_700_000_000_000L, "UNIQ1");

        assertThat(ours)
                .isEqualTo(
                        RecallMessageHandle.HandleV1.buildHandle(
                                "Orders", "broker-a", "1700000000001", "UNIQ1"));
        RecallMessageHandle.HandleV1 theirs =
                (RecallMessageHandle.HandleV1) RecallMessageHandle.decodeHandle(ours);
        assertThat(theirs.getTopic()).isEqualTo("Orders");
        assertThat(theirs.getBrokerName()).isEqualTo("broker-a");
        assertThat(theirs.getTimestampStr()).isEqualTo("1700000000001");
        assertThat(theirs.getMessageId()).isEqualTo("UNIQ1");
    }

    @Test
    void shouldDecodeTheReferencesHandle() {
        RecallHandle handle =
                RecallHandle.decode(RecallMessageHandle.HandleV1.buildHandle("T", "b", "42", "ID"));

        assertThat(handle.topic()).isEqualTo("T");
        assertThat(handle.brokerName()).isEqualTo("b");
        assertThat(handle.deliverMs()).isEqualTo("42");
        assertThat(handle.uniqKey()).isEqualTo("ID");
    }

    @Test
    void shouldRefuseWhatIsNotAVersionOneHandle() {
        assertThat(RecallHandle.decode(null)).isNull();
        assertThat(RecallHandle.decode("")).isNull();
        assertThat(RecallHandle.decode("not base64 !")).isNull();
        assertThat(RecallHandle.decode(encode("v2 T b 42 ID"))).isNull();
        assertThat(RecallHandle.decode(encode("v1 T b 42"))).isNull();
        assertThat(RecallHandle.of("T", "b", 1, null)).isNull();
    }

    private static String encode(String text) {
        return Base64.getUrlEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
