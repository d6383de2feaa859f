package io.bolide.broker.query;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;

/** Lookups in the store: messages by key or offset id, queue offsets by position or time. */
public final class QueryFeature {
    private QueryFeature() {}

    /**
     * Serves the message lookups (12, 33) and the queue-offset lookups (29, 30, 31, 32), the offset
     * ones by logic queue for static topics (#38).
     */
    public static void install(Codes codes, MessageStore store, QueueMappings mappings) {
        codes.serve(RequestCode.QUERY_MESSAGE, new QueryMessageHandler(store));
        codes.serve(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageByIdHandler(store));
        codes.serve(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetHandler(store, mappings));
        codes.serve(RequestCode.GET_MIN_OFFSET, new GetMinOffsetHandler(store, mappings));
        codes.serve(
                RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                new SearchOffsetByTimestampHandler(store, mappings));
        codes.serve(
                RequestCode.GET_EARLIEST_MSG_STORETIME,
                new GetEarliestMsgStoretimeHandler(store, mappings));
    }
}
