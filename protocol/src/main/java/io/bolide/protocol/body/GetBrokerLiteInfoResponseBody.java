package io.bolide.protocol.body;

import java.util.Map;
import java.util.Set;

/**
 * Body of a GET_BROKER_LITE_INFO (200074) response (#34): the broker's lite-topic state.
 *
 * @param storeType the store's kind
 * @param maxLmqNum the LMQ quota (lite topics one broker stores)
 * @param currentLmqNum lite topics stored
 * @param liteSubscriptionCount lite subscriptions kept
 * @param topicMeta LITE parent topics → their lite topic expiration
 * @param groupMeta parent topic → the groups bound to it
 */
public record GetBrokerLiteInfoResponseBody(
        String storeType,
        int maxLmqNum,
        int currentLmqNum,
        int liteSubscriptionCount,
        int orderInfoCount,
        int cqTableSize,
        int offsetTableSize,
        int eventMapSize,
        Map<String, Integer> topicMeta,
        Map<String, Set<String>> groupMeta) {}
