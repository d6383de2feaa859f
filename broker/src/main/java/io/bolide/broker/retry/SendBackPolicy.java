package io.bolide.broker.retry;

import io.bolide.broker.table.Perm;
import io.bolide.protocol.body.TopicConfig;

/**
 * Where a consumer's failed message goes next, by the reference broker's rules
 * (docs/protocol/flows.md §5.2, §5.3): back to {@code %RETRY%<group>} with delay level {@code 3 +
 * reconsumeTimes} when the client leaves the level to the broker (0), or to {@code %DLQ%<group>}
 * once the message has been reconsumed {@code maxReconsumeTimes} times or the client asks for it (a
 * negative level).
 */
final class SendBackPolicy {
    /** The reference's default retryMaxTimes of a subscription group. */
    static final int DEFAULT_MAX_RECONSUME_TIMES = 16;

    /** Queues of a group's retry topic (the reference's default retryQueueNums) and DLQ. */
    static final int RETRY_QUEUE_NUMS = 1;

    /** The topic sysFlag bit of a unit-mode subscription (the reference's TopicSysFlag). */
    static final int UNIT_SUB_SYS_FLAG = 0x2;

    /** Levels below this mean "let the broker choose" (0) or "dead-letter now" (negative). */
    private static final int FIRST_DELAY_LEVEL = 1;

    /** The level of the first retry: 10 s with the default levels. */
    private static final int FIRST_RETRY_LEVEL = 3;

    private SendBackPolicy() {}

    /** The header's maximum if the client sent one, else the group default. */
    static int maxReconsumeTimes(Integer fromHeader) {
        return fromHeader == null ? DEFAULT_MAX_RECONSUME_TIMES : fromHeader;
    }

    /** Whether the message goes to the dead-letter queue instead of being retried. */
    static boolean deadLetter(int reconsumeTimes, int delayLevel, int maxReconsumeTimes) {
        return reconsumeTimes >= maxReconsumeTimes || delayLevel < 0;
    }

    /** The delay level of the retry copy: the client's, or {@code 3 + reconsumeTimes} for 0. */
    static int retryDelayLevel(int delayLevel, int reconsumeTimes) {
        return delayLevel >= FIRST_DELAY_LEVEL ? delayLevel : FIRST_RETRY_LEVEL + reconsumeTimes;
    }

    /** A retry or dead-letter topic as created on demand: one queue, read and write. */
    static TopicConfig topicConfig(String name, boolean unitMode) {
        return topicConfig(name, unitMode, RETRY_QUEUE_NUMS);
    }

    /** A retry or dead-letter topic of {@code queues} queues, read and write. */
    static TopicConfig topicConfig(String name, boolean unitMode, int queues) {
        return TopicConfig.builder(name)
                .readQueueNums(queues)
                .writeQueueNums(queues)
                .perm(Perm.READ | Perm.WRITE)
                .topicSysFlag(unitMode ? UNIT_SUB_SYS_FLAG : 0)
                .build();
    }
}
