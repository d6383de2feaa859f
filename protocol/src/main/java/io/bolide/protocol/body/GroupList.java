package io.bolide.protocol.body;

import java.util.Set;

/** Consumer group names, e.g. of {@code QUERY_TOPIC_CONSUME_BY_WHO}. */
public record GroupList(Set<String> groupList) {

    /** Copies the names, null becoming empty. */
    public GroupList {
        groupList = Frozen.set(groupList);
    }
}
