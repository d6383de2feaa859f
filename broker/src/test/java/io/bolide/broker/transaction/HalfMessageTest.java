package io.bolide.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.MessageProperties;
import org.junit.jupiter.api.Test;

class HalfMessageTest {
    private static final String HALF = "TRAN_MSG\u0001true\u0002PGROUP\u0001g\u0002";

    @Test
    void shouldRecognizeHalfMessagesByTheirTranMsgProperty() {
        assertThat(HalfMessage.isHalf(HALF, null)).isTrue();
        assertThat(HalfMessage.isHalf(HALF, 0)).isTrue();
        assertThat(HalfMessage.isHalf("TRAN_MSG\u0001false\u0002", null)).isFalse();
        assertThat(HalfMessage.isHalf("KEYS\u0001TRAN_MSG\u0002", null)).isFalse();
        assertThat(HalfMessage.isHalf("", null)).isFalse();
        assertThat(HalfMessage.isHalf(null, null)).isFalse();
    }

    @Test
    void shouldStoreAConsumersRetryResendAsAPlainMessage() {
        String resend = HALF + "DELAY\u00013\u0002";

        assertThat(HalfMessage.isHalf(resend, 1)).isFalse();
        assertThat(HalfMessage.isHalf(resend, 0)).isTrue();
    }

    @Test
    void shouldAddTheRealDestinationAndClearTheTransactionBits() {
        String stored = HalfMessage.properties(HALF, "Orders", 3);

        assertThat(MessageProperties.decode(stored))
                .containsEntry("TRAN_MSG", "true")
                .containsEntry("PGROUP", "g")
                .containsEntry("REAL_TOPIC", "Orders")
                .containsEntry("REAL_QID", "3");
        assertThat(HalfMessage.properties("A\u0001b", "T", 0))
                .isEqualTo("A\u0001b\u0002REAL_TOPIC\u0001T\u0002REAL_QID\u00010\u0002");
        assertThat(HalfMessage.sysFlag(0x4 | 0x1)).isEqualTo(0x1);
    }
}
