package io.bolide.namesrv;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The static-topic mappings brokers registered (#38): topic to broker name to that broker's mapping
 * info (the reference's TopicQueueMappingInfo, kept as the JSON value it arrived as), which a route
 * hands clients as {@code topicQueueMappingByBroker} so they can place logic queues. Guarded by the
 * {@link RouteTable}'s lock.
 */
final class StaticMappings {
    private final Map<String, Map<String, Object>> byTopic = new HashMap<>();

    /** Records the mappings of one registration, under the broker name each names. */
    void put(String brokerName, Map<String, Object> infos) {
        if (infos == null) {
            return;
        }
        infos.forEach(
                (topic, info) -> {
                    Object named = info instanceof Map<?, ?> m ? m.get("bname") : null;
                    String owner = named instanceof String s ? s : brokerName;
                    byTopic.computeIfAbsent(topic, t -> new LinkedHashMap<>()).put(owner, info);
                });
    }

    /** A copy of the mappings of {@code topic}, or null for an ordinary topic. */
    Map<String, Object> of(String topic) {
        Map<String, Object> infos = byTopic.get(topic);
        return infos == null || infos.isEmpty() ? null : new LinkedHashMap<>(infos);
    }

    void removeTopic(String topic) {
        byTopic.remove(topic);
    }

    /** Forgets a broker group that left. */
    void removeBroker(String brokerName) {
        byTopic.values().removeIf(infos -> infos.remove(brokerName) != null && infos.isEmpty());
    }
}
