package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.protocol.message.OffsetMessageId;

/**
 * The transaction id handed to a gRPC producer for a half message and given back in EndTransaction:
 * what END_TRANSACTION needs to find the half message (its commit-log offset, in the offset message
 * id, and its offset in the half queue), opaque to the client.
 */
record TransactionHandle(String offsetMessageId, long commitLogOffset, long halfQueueOffset) {
    private static final char SEPARATOR = '-';

    static String of(String offsetMessageId, long halfQueueOffset) {
        return offsetMessageId == null ? "" : offsetMessageId + SEPARATOR + halfQueueOffset;
    }

    static TransactionHandle parse(String id) throws BadRequest {
        int at = id.lastIndexOf(SEPARATOR);
        try {
            String offsetId = id.substring(0, Math.max(0, at));
            long halfOffset = Long.parseLong(id.substring(at + 1));
            return new TransactionHandle(
                    offsetId, OffsetMessageId.parse(offsetId).offset(), halfOffset);
        } catch (RuntimeException e) {
            throw new BadRequest(Code.INVALID_TRANSACTION_ID, "unknown transaction id " + id);
        }
    }
}
