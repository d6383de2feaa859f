package io.bolide.broker.query;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryMessageRequestHeader;
import io.bolide.protocol.header.QueryMessageResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.QueryResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;

/**
 * QUERY_MESSAGE (12): the stored records of a topic whose KEYS token or UNIQ_KEY is the requested
 * key, within a store-time range, found through the store's index. The client asks every broker of
 * the topic and merges; it also filters out records whose key only collided in the index.
 */
final class QueryMessageHandler implements RequestHandler {
    /** The most records one query returns, whatever the client asks (as the reference's store). */
    static final int MAX_RESULTS = 64;

    /** A lookup by UNIQ_KEY returns at most this many (a resent message can share its id). */
    static final int MAX_UNIQUE_RESULTS = 32;

    private final MessageStore store;

    QueryMessageHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryMessageRequestHeader header = QueryMessageRequestHeader.decode(request.extFields());
        int maxNum =
                Boolean.TRUE.equals(header.uniqueKeyQuery()) ? MAX_UNIQUE_RESULTS : MAX_RESULTS;
        maxNum = Math.min(maxNum, Math.max(header.maxNum(), 0));
        QueryResult result =
                store.queryByKey(
                        header.topic(),
                        header.key(),
                        maxNum,
                        header.beginTimestamp(),
                        header.endTimestamp());
        List<ByteBuf> found = result.messages();
        if (found.isEmpty()) {
            exchange.respond(
                    ResponseCode.QUERY_NOT_FOUND,
                    "can not find message, maybe time range not correct");
            return;
        }
        QueryMessageResponseHeader response =
                new QueryMessageResponseHeader()
                        .indexLastUpdateTimestamp(result.indexLastUpdateTimestamp())
                        .indexLastUpdatePhyoffset(result.indexLastUpdatePhysOffset());
        // The composite owns the retained slices: the transport's release frees them all.
        ByteBuf body = Unpooled.wrappedBuffer(found.toArray(new ByteBuf[0]));
        exchange.respond(ResponseCode.SUCCESS, null, response, body);
    }
}
