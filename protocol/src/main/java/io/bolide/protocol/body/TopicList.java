package io.bolide.protocol.body;

import java.util.Set;

/** Topic names, e.g. of {@code GET_ALL_TOPIC_LIST_FROM_NAMESERVER}; {@code brokerAddr} optional. */
public record TopicList(Set<String> topicList, String brokerAddr) {

    /** Copies the names, null becoming empty. */
    public TopicList {
        topicList = Frozen.set(topicList);
    }
}
