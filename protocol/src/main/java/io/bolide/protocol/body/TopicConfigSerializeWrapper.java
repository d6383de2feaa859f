package io.bolide.protocol.body;

import java.util.Map;

/**
 * A broker's topic table with its version: body of {@code GET_ALL_TOPIC_CONFIG} and the core of
 * {@code REGISTER_BROKER}. Covers Apache's mapping subclass too: {@code mappingDataVersion} and the
 * two static-topic maps (kept as plain JSON values) are null when the sender did not write them.
 */
public record TopicConfigSerializeWrapper(
        Map<String, TopicConfig> topicConfigTable,
        DataVersion dataVersion,
        DataVersion mappingDataVersion,
        Map<String, Object> topicQueueMappingInfoMap,
        Map<String, Object> topicQueueMappingDetailMap) {

    /** Copies the maps; the topic table is never null. */
    public TopicConfigSerializeWrapper {
        topicConfigTable = Frozen.map(topicConfigTable);
        topicQueueMappingInfoMap = Frozen.mapOrNull(topicQueueMappingInfoMap);
        topicQueueMappingDetailMap = Frozen.mapOrNull(topicQueueMappingDetailMap);
    }
}
