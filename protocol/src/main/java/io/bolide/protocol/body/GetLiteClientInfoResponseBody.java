package io.bolide.protocol.body;

import java.util.Set;

/**
 * Body of a GET_LITE_CLIENT_INFO (200077) response (#34).
 *
 * @param liteTopicCount lite topics the client subscribed to; -1 when it has no subscription
 * @param liteTopicSet up to the request's maxCount of them; null when it has no subscription
 * @param lastAccessTime when the client last popped, -1 if never (ms)
 * @param lastConsumeTime when the client last consumed (ms); 0, not kept
 */
public record GetLiteClientInfoResponseBody(
        String parentTopic,
        String group,
        String clientId,
        long lastAccessTime,
        long lastConsumeTime,
        int liteTopicCount,
        Set<String> liteTopicSet) {}
