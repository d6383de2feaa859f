package io.bolide.protocol.body;

import java.util.List;

/** Body of an {@code UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST} request. */
public record SubscriptionGroupList(List<SubscriptionGroupConfig> groupConfigList) {

    /** Copies the groups, null becoming empty. */
    public SubscriptionGroupList {
        groupConfigList = Frozen.list(groupConfigList);
    }
}
