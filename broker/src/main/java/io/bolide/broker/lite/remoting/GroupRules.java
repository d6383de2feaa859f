package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.LiteGroupRules;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;

/**
 * {@link LiteGroupRules} read from the subscription-group table at each question, so an update of a
 * group's attributes applies to the next subscription change.
 */
final class GroupRules implements LiteGroupRules {
    private final SubscriptionGroupTable groups;

    GroupRules(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public boolean exclusive(String group) {
        SubscriptionGroupConfig config = groups.find(group);
        return config != null && LiteGroups.exclusive(config);
    }

    @Override
    public boolean resetOnMove(String group) {
        SubscriptionGroupConfig config = groups.find(group);
        return config != null && LiteGroups.flag(config, LiteGroups.RESET_EXCLUSIVE);
    }

    @Override
    public boolean resetOnUnsubscribe(String group) {
        SubscriptionGroupConfig config = groups.find(group);
        return config != null && LiteGroups.flag(config, LiteGroups.RESET_UNSUBSCRIBE);
    }

    @Override
    public long clientQuota(String group) {
        SubscriptionGroupConfig config = groups.find(group);
        return config == null
                ? DEFAULT_CLIENT_QUOTA
                : LiteGroups.clientQuota(config, DEFAULT_CLIENT_QUOTA);
    }
}
