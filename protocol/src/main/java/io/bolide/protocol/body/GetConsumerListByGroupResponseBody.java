package io.bolide.protocol.body;

import java.util.List;

/** Body of a {@code GET_CONSUMER_LIST_BY_GROUP} response: client ids of the group's members. */
public record GetConsumerListByGroupResponseBody(List<String> consumerIdList) {

    /** Copies the ids, null becoming empty. */
    public GetConsumerListByGroupResponseBody {
        consumerIdList = Frozen.list(consumerIdList);
    }
}
