package io.bolide.broker.admin;

import io.bolide.protocol.message.NameRules;
import java.util.Set;

/**
 * The reference's system topics: what GET_SYSTEM_TOPIC_LIST_FROM_BROKER lists, and what
 * CLEAN_UNUSED_TOPIC never deletes even when the topic table has forgotten them.
 */
final class SystemTopics {
    static final Set<String> NAMES =
            Set.of(
                    "TBW102",
                    "SCHEDULE_TOPIC_XXXX",
                    "BenchmarkTest",
                    "RMQ_SYS_TRANS_HALF_TOPIC",
                    "RMQ_SYS_TRACE_TOPIC",
                    "RMQ_SYS_TRANS_OP_HALF_TOPIC",
                    "TRANS_CHECK_MAX_TIME_TOPIC",
                    "SELF_TEST_TOPIC",
                    "OFFSET_MOVED_EVENT",
                    "CHECKPOINT_TOPIC",
                    "RMQ_SYS_ROCKSDB_TRANS_HALF_TOPIC",
                    "RMQ_SYS_ROCKSDB_TRANS_OP_HALF_TOPIC");

    private SystemTopics() {}

    static boolean isSystem(String topic) {
        return NAMES.contains(topic) || topic.startsWith(NameRules.SYSTEM_TOPIC_PREFIX);
    }
}
