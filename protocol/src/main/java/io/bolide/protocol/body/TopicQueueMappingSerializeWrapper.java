package io.bolide.protocol.body;

import java.util.Map;

/**
 * The broker's persisted static-topic mappings ({@code topicQueueMapping.json}, the reference's
 * file name and form): each topic's mapping detail and the version of the whole.
 */
public record TopicQueueMappingSerializeWrapper(
        Map<String, TopicQueueMappingDetail> topicQueueMappingInfoMap, DataVersion dataVersion) {

    public TopicQueueMappingSerializeWrapper {
        topicQueueMappingInfoMap = Frozen.map(topicQueueMappingInfoMap);
    }
}
