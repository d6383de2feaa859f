package io.bolide.broker.transaction;

import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Reads the op queue back after a restart. An op record's body is the half-queue offset it settles
 * in decimal; a comma-separated list (as the reference batches them) is accepted too.
 */
final class OpRecords {
    private static final int BATCH = 64;

    private OpRecords() {}

    /** Feeds every op record from {@code from} to the end of the op queue into {@code state}. */
    static void replay(MessageStore store, long from, ResolvedOffsets state) {
        StoredMessageFlyweight op = new StoredMessageFlyweight();
        long offset = from;
        long end = store.maxOffset(HalfMessage.OP_TOPIC, 0);
        while (offset < end) {
            GetResult result =
                    store.getMessages(
                            HalfMessage.OP_TOPIC, 0, offset, BATCH, Integer.MAX_VALUE, null);
            if (result.messages().isEmpty()) {
                offset = Math.max(offset + 1, result.nextBeginOffset());
                continue;
            }
            try {
                for (ByteBuf record : result.messages()) {
                    op.wrap(record, record.readerIndex());
                    settled(op.body().toString(StandardCharsets.US_ASCII), op.queueOffset(), state);
                }
            } finally {
                result.release();
            }
            offset = result.nextBeginOffset();
        }
    }

    /** Records every offset listed in {@code body} as settled by op record {@code opOffset}. */
    static void settled(String body, long opOffset, ResolvedOffsets state) {
        for (String part : body.split(",")) {
            try {
                state.resolved(Long.parseLong(part.trim()), opOffset);
            } catch (NumberFormatException e) {
                // Not one of ours (an operator's message?): it settles nothing.
            }
        }
    }
}
