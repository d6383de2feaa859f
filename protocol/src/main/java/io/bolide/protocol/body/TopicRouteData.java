package io.bolide.protocol.body;

import java.util.List;
import java.util.Map;

/**
 * Body of a {@code GET_ROUTEINFO_BY_TOPIC} response. {@code orderTopicConf} ({@code
 * "brokerA:4;brokerB:4"}) and {@code topicQueueMappingByBroker} (static topics, kept as plain JSON
 * values) are null when absent; the other collections are never null.
 */
public record TopicRouteData(
        String orderTopicConf,
        List<QueueData> queueDatas,
        List<BrokerData> brokerDatas,
        Map<String, List<String>> filterServerTable,
        Map<String, Object> topicQueueMappingByBroker) {

    /** Copies the collections, null becoming empty where Apache's default is empty. */
    public TopicRouteData {
        queueDatas = Frozen.list(queueDatas);
        brokerDatas = Frozen.list(brokerDatas);
        filterServerTable = Frozen.map(filterServerTable);
        topicQueueMappingByBroker = Frozen.mapOrNull(topicQueueMappingByBroker);
    }
}
