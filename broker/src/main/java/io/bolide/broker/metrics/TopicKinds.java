package io.bolide.broker.metrics;

import io.bolide.protocol.message.NameRules;
import java.util.Set;

/** The reference's {@code is_system} and {@code is_retry} labels of a topic. */
final class TopicKinds {
    private static final Set<String> SYSTEM =
            Set.of(
                    "TBW102",
                    "SCHEDULE_TOPIC_XXXX",
                    "BenchmarkTest",
                    "RMQ_SYS_TRANS_HALF_TOPIC",
                    "RMQ_SYS_TRACE_TOPIC",
                    "RMQ_SYS_TRANS_OP_HALF_TOPIC",
                    "TRANS_CHECK_MAX_TIME_TOPIC",
                    "SELF_TEST_TOPIC",
                    "OFFSET_MOVED_EVENT");

    private static final String SYSTEM_GROUP_PREFIX = "CID_RMQ_SYS_";

    private TopicKinds() {}

    static String isSystem(String topic) {
        boolean system = SYSTEM.contains(topic) || topic.startsWith(NameRules.SYSTEM_TOPIC_PREFIX);
        return Boolean.toString(system);
    }

    /**
     * The {@code is_system} of a group's message: a system topic or a system group ({@code
     * CID_RMQ_SYS_*}, in any case, as the reference means to match it).
     */
    static String isSystem(String topic, String group) {
        boolean system =
                Boolean.parseBoolean(isSystem(topic))
                        || group.regionMatches(
                                true, 0, SYSTEM_GROUP_PREFIX, 0, SYSTEM_GROUP_PREFIX.length());
        return Boolean.toString(system);
    }

    static String isRetry(String topic) {
        return Boolean.toString(topic.startsWith(NameRules.RETRY_TOPIC_PREFIX));
    }
}
