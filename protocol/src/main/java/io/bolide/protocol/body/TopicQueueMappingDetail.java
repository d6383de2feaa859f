package io.bolide.protocol.body;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A broker's view of one static topic (body of {@code UPDATE_AND_CREATE_STATIC_TOPIC}, the
 * persisted mapping, and the {@code mappingDetail} of {@code GET_TOPIC_CONFIG}): the topic's {@code
 * totalQueues} logic queues, the {@code epoch} of the layout, and for each logic queue this broker
 * takes part in, its stretches oldest first ({@code hostedQueues}). Its route form, the reference's
 * TopicQueueMappingInfo, is the same record without {@code hostedQueues} and with {@code
 * currIdMap}: logic queue id to physical queue id for the logic queues this broker leads.
 */
public record TopicQueueMappingDetail(
        String topic,
        String scope,
        int totalQueues,
        String bname,
        long epoch,
        boolean dirty,
        Map<Integer, Integer> currIdMap,
        Map<Integer, List<LogicQueueMappingItem>> hostedQueues) {

    /** The scope the reference gives a mapping that names none. */
    public static final String GLOBAL_SCOPE = "__global__";

    public TopicQueueMappingDetail {
        scope = scope == null ? GLOBAL_SCOPE : scope;
        currIdMap = Frozen.mapOrNull(currIdMap);
        hostedQueues = Frozen.mapOrNull(hostedQueues);
    }

    /** The stretches of logic queue {@code logicId} on record here, oldest first; null if none. */
    public List<LogicQueueMappingItem> items(int logicId) {
        return hostedQueues == null ? null : hostedQueues.get(logicId);
    }

    /** The route form: the logic queues this broker leads, by their physical queue ids. */
    public TopicQueueMappingDetail asInfo() {
        Map<Integer, Integer> led = new HashMap<>();
        if (hostedQueues != null) {
            hostedQueues.forEach(
                    (logicId, items) -> {
                        if (items != null && !items.isEmpty()) {
                            LogicQueueMappingItem leader = items.get(items.size() - 1);
                            if (bname != null && bname.equals(leader.bname())) {
                                led.put(logicId, leader.queueId());
                            }
                        }
                    });
        }
        return new TopicQueueMappingDetail(
                topic, scope, totalQueues, bname, epoch, dirty, led, null);
    }
}
