package io.bolide.broker.consumer;

import io.bolide.protocol.body.SubscriptionGroupConfig;
import java.util.HashMap;
import java.util.Map;

/**
 * A group update's attributes applied as the reference applies them: {@code +name} sets {@code
 * name}, {@code -name} removes it, each on the attributes the group already has; a name without a
 * sign is kept as sent. What is stored (and read back by the reference's proxy, e.g. {@code
 * lite.bind.topic}) carries no sign.
 */
final class GroupAttributes {
    private GroupAttributes() {}

    /** {@code update} with its attributes applied to those of {@code current} (null: new). */
    static SubscriptionGroupConfig applied(
            SubscriptionGroupConfig update, SubscriptionGroupConfig current) {
        Map<String, String> attributes =
                new HashMap<>(current == null ? Map.of() : current.attributes());
        boolean signed = false;
        for (Map.Entry<String, String> e : update.attributes().entrySet()) {
            String name = e.getKey();
            if (name.length() > 1 && name.charAt(0) == '+') {
                attributes.put(name.substring(1), e.getValue());
                signed = true;
            } else if (name.length() > 1 && name.charAt(0) == '-') {
                attributes.remove(name.substring(1));
                signed = true;
            } else {
                attributes.put(name, e.getValue());
            }
        }
        if (!signed && current == null) {
            return update;
        }
        return new SubscriptionGroupConfig(
                update.groupName(),
                update.consumeEnable(),
                update.consumeFromMinEnable(),
                update.consumeBroadcastEnable(),
                update.consumeMessageOrderly(),
                update.retryQueueNums(),
                update.retryMaxTimes(),
                update.groupRetryPolicy(),
                update.brokerId(),
                update.whichBrokerWhenConsumeSlowly(),
                update.notifyConsumerIdsChangedEnable(),
                update.groupSysFlag(),
                update.consumeTimeoutMinute(),
                update.subscriptionDataSet(),
                attributes);
    }
}
