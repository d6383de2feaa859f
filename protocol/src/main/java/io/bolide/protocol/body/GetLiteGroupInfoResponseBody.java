package io.bolide.protocol.body;

import java.util.List;

/**
 * Body of a GET_LITE_GROUP_INFO (200078) response (#34): a lite group's lag on one lite topic, or
 * (no lite topic asked) its totals and its most lagging lite topics.
 *
 * @param earliestUnconsumedTimestamp store time of the first message not consumed; -1 unknown
 * @param totalLagCount messages not consumed; -1 when the group never consumed the lite topic
 * @param liteTopicOffsetWrapper the lite topic's offsets, when one was asked and consumed
 */
public record GetLiteGroupInfoResponseBody(
        String group,
        String parentTopic,
        String liteTopic,
        long earliestUnconsumedTimestamp,
        long totalLagCount,
        OffsetWrapper liteTopicOffsetWrapper,
        List<LiteLag> lagCountTopK,
        List<LiteLag> lagTimestampTopK) {
    /** One lite topic's lag (the reference's {@code LiteLagInfo}). */
    public record LiteLag(String liteTopic, long lagCount, long earliestUnconsumedTimestamp) {}
}
