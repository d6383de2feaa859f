package io.bolide.broker.transaction;

import io.bolide.broker.route.Destination;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;

/**
 * What the send path needs to park a transactional message: whether a send is a half message, and
 * the topic, queue, sysFlag and properties it is stored with instead. The reference keeps the real
 * destination in REAL_TOPIC / REAL_QID and clears the transaction bits of the stored sysFlag.
 */
public final class HalfMessage {
    /** Where half messages wait for their outcome (queue 0). */
    public static final String HALF_TOPIC = Destination.HALF_TOPIC;

    /** Where outcomes are recorded: one record per resolved half-queue offset, tag {@code d}. */
    public static final String OP_TOPIC = "RMQ_SYS_TRANS_OP_HALF_TOPIC";

    /** Where half messages go after {@code transactionCheckMax} unanswered checks. */
    public static final String CHECK_MAX_TOPIC = "TRANS_CHECK_MAX_TIME_TOPIC";

    /** Bits 2-3 of the sysFlag: the transaction type. */
    static final int TRANSACTION_MASK = 0xC;

    /** sysFlag transaction type of a prepared (half) message. */
    public static final int PREPARED = 0x4;

    /** sysFlag transaction type (and END_TRANSACTION outcome) of a commit. */
    public static final int COMMIT = 0x8;

    /** sysFlag transaction type (and END_TRANSACTION outcome) of a rollback. */
    public static final int ROLLBACK = 0xC;

    private HalfMessage() {}

    /**
     * Whether a send is a half message: TRAN_MSG=true, except a consumer's fallback re-send of a
     * retried message (reconsume times and a delay level set), which the reference stores as is.
     */
    public static boolean isHalf(String properties, Integer reconsumeTimes) {
        if (properties == null || properties.indexOf(MessageProperty.TRAN_MSG) < 0) {
            return false;
        }
        if (!"true"
                .equalsIgnoreCase(MessageProperties.value(properties, MessageProperty.TRAN_MSG))) {
            return false;
        }
        return reconsumeTimes == null
                || reconsumeTimes <= 0
                || MessageProperties.value(properties, MessageProperty.DELAY) == null;
    }

    /** The stored properties of a half message: the sent ones plus its real destination. */
    public static String properties(String properties, String realTopic, int realQueueId) {
        return Destination.park(properties, realTopic, realQueueId);
    }

    /** The stored sysFlag of a half message: the transaction bits cleared. */
    public static int sysFlag(int sysFlag) {
        return sysFlag & ~TRANSACTION_MASK;
    }
}
