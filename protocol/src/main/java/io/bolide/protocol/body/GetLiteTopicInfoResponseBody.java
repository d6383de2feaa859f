package io.bolide.protocol.body;

import java.util.Set;

/**
 * Body of a GET_LITE_TOPIC_INFO (200076) response (#34).
 *
 * @param subscriber the clients (client id, group) that subscribed to the lite topic
 * @param topicOffset the lite topic's queue: min and max offset, last store time
 * @param shardingToBroker whether the lite topic belongs on this broker
 */
public record GetLiteTopicInfoResponseBody(
        String parentTopic,
        String liteTopic,
        Set<ClientGroup> subscriber,
        TopicOffset topicOffset,
        boolean shardingToBroker) {
    /** A client of a group (the reference's {@code ClientGroup}). */
    public record ClientGroup(String clientId, String group) {}
}
