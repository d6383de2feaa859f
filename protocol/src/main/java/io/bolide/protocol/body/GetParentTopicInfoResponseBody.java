package io.bolide.protocol.body;

import java.util.Set;

/**
 * Body of a GET_PARENT_TOPIC_INFO (200075) response (#34).
 *
 * @param ttl the parent's lite topic expiration, in the reference's unit (0: none)
 * @param groups the groups bound to the parent topic
 * @param lmqNum lite topics stored on the broker, all parents
 * @param liteTopicCount lite topics stored under this parent
 */
public record GetParentTopicInfoResponseBody(
        String topic, int ttl, Set<String> groups, int lmqNum, int liteTopicCount) {}
