package io.bolide.broker.topic;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;

/** Topic administration: create, delete, list and read topics' settings. */
public final class TopicFeature {
    private TopicFeature() {}

    /**
     * Serves UPDATE_AND_CREATE_TOPIC (and its list form), DELETE_TOPIC_IN_BROKER,
     * GET_ALL_TOPIC_CONFIG, GET_TOPIC_CONFIG, and UPDATE_AND_CREATE_STATIC_TOPIC (static topics,
     * #38).
     */
    public static void install(
            Codes codes, TopicTable topics, ConsumerOffsetTable offsets, MessageStore store) {
        codes.serve(RequestCode.UPDATE_AND_CREATE_TOPIC, new UpdateAndCreateTopicHandler(topics));
        codes.serve(
                RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                new UpdateAndCreateTopicListHandler(topics));
        codes.serve(
                RequestCode.DELETE_TOPIC_IN_BROKER,
                new DeleteTopicInBrokerHandler(topics, store, offsets));
        codes.serve(RequestCode.GET_ALL_TOPIC_CONFIG, new GetAllTopicConfigHandler(topics));
        codes.serve(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigHandler(topics));
        codes.serve(
                RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC,
                new UpdateAndCreateStaticTopicHandler(topics));
    }
}
