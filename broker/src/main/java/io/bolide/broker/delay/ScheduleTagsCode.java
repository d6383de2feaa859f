package io.bolide.broker.delay;

import io.bolide.store.TagsCodeRule;

/**
 * The consume-queue tags code of a {@link DelayTopics#SCHEDULE_TOPIC} entry is its due time (store
 * time + the level's delay), as in the reference: a level's queue is then ordered by due time and
 * its delivery agent only reads the head entry. Other topics keep the TAGS hash.
 */
final class ScheduleTagsCode implements TagsCodeRule {
    private final DelayLevels levels;

    ScheduleTagsCode(DelayLevels levels) {
        this.levels = levels;
    }

    @Override
    public long tagsCode(String topic, int queueId, long storeTimestamp, long tagsHash) {
        if (queueId < 0
                || queueId >= levels.maxLevel()
                || !DelayTopics.SCHEDULE_TOPIC.equals(topic)) {
            return tagsHash;
        }
        return levels.dueTime(queueId + 1, storeTimestamp);
    }
}
