package io.bolide.protocol.body;

import java.util.List;

/** Body of an {@code UPDATE_AND_CREATE_TOPIC_LIST} request. */
public record CreateTopicListRequestBody(List<TopicConfig> topicConfigList) {

    /** Copies the topics, null becoming empty. */
    public CreateTopicListRequestBody {
        topicConfigList = Frozen.list(topicConfigList);
    }
}
