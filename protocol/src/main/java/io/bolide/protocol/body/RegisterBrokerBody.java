package io.bolide.protocol.body;

import java.util.List;

/** Body of {@code REGISTER_BROKER} in its uncompressed (JSON) form. */
public record RegisterBrokerBody(
        TopicConfigSerializeWrapper topicConfigSerializeWrapper, List<String> filterServerList) {

    /** Copies the filter server list, null becoming empty. */
    public RegisterBrokerBody {
        filterServerList = Frozen.list(filterServerList);
    }
}
